import type { z } from 'zod';

/**
 * One entry per API call: where it lives, how it is called and what its `data` holds. The server
 * declares its routes from these; the client builds its fetchers and SWR keys from them.
 */
export interface ApiCall<P extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** Path under /api/Common. */
  path: string;
  params: P;
  data: D;
}

export const defineCall = <P extends z.ZodType, D extends z.ZodType>(c: ApiCall<P, D>) => c;

export type CallParams<C extends ApiCall> = z.input<C['params']>;
export type CallData<C extends ApiCall> = z.infer<C['data']>;

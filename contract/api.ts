import { z } from 'zod';
import { controlCharacterMessage, controlCharacterPath } from './text-rules.ts';

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
  /**
   * The answer is the same for every traveller (it may differ per site, never per person): caches,
   * a CDN's included, may keep it. Absent: the answer is personal or a write, and is never stored.
   */
  shared?: boolean;
}

/**
 * Declares a call, keeping its literal path (the tests find a call's answer type by its path). Its parameters also
 * refuse control characters anywhere in their text (once, here, for every call): such input is a mistake or an
 * attack, and Postgres cannot store NUL.
 */
export const defineCall = <const Path extends string, P extends z.ZodType, D extends z.ZodType>(
  c: ApiCall<P, D> & { path: Path },
): ApiCall<P, D> & { path: Path } => ({
  ...c,
  params: c.params.superRefine((value, ctx) => {
    const path = controlCharacterPath(value);
    if (path) ctx.addIssue({ code: 'custom', path, message: controlCharacterMessage(path) });
  }),
});

export type CallParams<C extends ApiCall> = z.input<C['params']>;
export type CallData<C extends ApiCall> = z.infer<C['data']>;

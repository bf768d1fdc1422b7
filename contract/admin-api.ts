import { z } from 'zod';
import type { StaffAction } from './staff.ts';

/** Where the back-office calls live: the server registers them under it, the desk's client calls them there. */
export const ADMIN_API_PREFIX = '/api/admin';

/**
 * One entry per back-office call (/api/admin), as `defineCall` (contract/api.ts) is for the shop's:
 * where it lives, what it takes, what its `data` holds and the permission it needs. The server
 * registers its route from it (server/lib/admin-route.ts: schemas, guard, answer) and the desk's
 * client builds the URL and the answer's type from it (src/admin/admin-api.ts). Decision 0111.
 */
export interface AdminCall<
  Path extends string = string,
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path under /api/admin, without its leading slash; `:name` is a path parameter (`bookings/:ref`). */
  path: Path;
  /** The path parameters, one field per `:name` of the path (an empty object when there are none). */
  params: P;
  query?: Q;
  /** A JSON body. */
  body?: B;
  /** The body is a form (multipart/form-data) the handler reads itself, after the guard: the client sends FormData. */
  form?: true;
  /**
   * A refused body is answered with every field's message in one line (`lead.email: …; travelDate: …`), not the
   * first alone: adminRoute checks it by `body` after the guard, in place of the route's schema (which stops at one).
   */
  everyFieldMessage?: true;
  /**
   * The answer is a file the handler sends itself, not an envelope: the desk links to it. 'csv': a CSV, its `data`
   * `csvFile`; 'stored': a file kept as it was uploaded, its `data` `storedFile(…)` naming the media types it may have.
   */
  file?: 'csv' | 'stored';
  /** The envelope's `data`: a zod schema, or `answer<T>()` for an answer typed by a contract interface. */
  data: D;
  /**
   * The permission the guard checks (contract/staff.ts PERMISSIONS); null: a staff session is enough; 'signed-out':
   * no session is asked, the calls that start one (enrolment and sign-in, which check their own token, code and
   * limits).
   */
  permission: StaffAction | null | 'signed-out';
}

/** `'bookings/:ref/lines/:lineId'` → `'ref' | 'lineId'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A params schema naming each path parameter and nothing else; otherwise a type error that says so. */
type ParamsFor<Path extends string, P> = P extends z.ZodObject
  ? [Exclude<keyof P['shape'], PathParamNames<Path>> | Exclude<PathParamNames<Path>, keyof P['shape']>] extends [never]
    ? unknown
    : `params must have one field for each :name of the path ${Path}, and no other`
  : never;

/**
 * Declares a back-office call, keeping its literal method, path and schemas for the server and
 * the client. Its params must name each `:name` of its path, no more and no fewer (a type error).
 */
export const defineAdminCall = <const C extends AdminCall>(c: C & { params: ParamsFor<C['path'], C['params']> }): C =>
  c;

/** No path parameters. */
export const noParams = z.object({});

/**
 * The `data` of a call whose answer a contract interface already describes (AdminCoupon, StaffMember…):
 * typed for the handler and the client, documented as the interface's name, not checked at run time.
 * A zod schema in its place is checked as the answer is sent and documented field by field.
 */
export const answer = <T>(name: string) =>
  z.custom<T>().describe(`${name} (see the contract's interface of that name).`);

/** The `data` of a call answering a file (`file: 'csv'`): documented as that file, not an envelope. */
export const csvFile = z.string().describe('A CSV file (text/csv; charset=utf-8), sent as a download.');

/**
 * The `data` of a call answering a file kept as it was uploaded (`file: 'stored'`): documented as a download of one of
 * these media types, not an envelope.
 */
export const storedFile = (what: string, mediaTypes: readonly string[]) =>
  z.string().meta({ description: `${what}, sent as a download.`, mediaTypes: [...mediaTypes] });

/**
 * What the caller sends for a schema: its input, with a value it coerces (a number in the URL) as the number it
 * becomes.
 */
export type Sent<S> = S extends z.ZodType
  ? {
      [K in keyof z.input<S>]: unknown extends z.input<S>[K]
        ? K extends keyof z.output<S>
          ? z.output<S>[K]
          : never
        : z.input<S>[K];
    }
  : undefined;

/** What the server has once the schema has read it. */
export type Read<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A call's query or body schema; undefined when it declares none. */
type SchemaOf<C, K extends 'query' | 'body'> = C extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

export type AdminCallData<C extends AdminCall> = z.output<C['data']>;
export type AdminCallParams<C extends AdminCall> = Sent<C['params']>;
export type AdminCallRead<C extends AdminCall, K extends 'query' | 'body'> = Read<SchemaOf<C, K>>;
export type AdminCallQuery<C extends AdminCall> = Sent<SchemaOf<C, 'query'>>;
export type AdminCallBody<C extends AdminCall> = Sent<SchemaOf<C, 'body'>>;
/** The call takes a form (multipart), not JSON. */
export type AdminCallIsForm<C extends AdminCall> = C extends { form: true } ? true : false;

/** The address of a declared call with its parameters (a document's PDF link in an answer). */
export const adminUrl = (call: AdminCall, params: Record<string, unknown>) =>
  adminAddress(adminPath(call.path, params));

/** The address of a path under the back-office prefix (`bookings/WLH-1` → `/api/admin/bookings/WLH-1`). */
export const adminAddress = (path: string) => `${ADMIN_API_PREFIX}/${path}`;

/** The URL path of a call under /api/admin with its parameters filled in (each encoded). */
export function adminPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`The call ${path} needs its parameter ${name}.`);
    return encodeURIComponent(String(value));
  });
}

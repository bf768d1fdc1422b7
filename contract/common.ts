import { z } from 'zod';

/**
 * Small schemas shared by the read side's calls (catalogue, content, coupons, deals, places).
 * Parameter messages are written to be shown as `<param>: <message>`.
 */

/** A slug as it appears in a URL: any non-empty text up to 200 characters; unknown ones answer 404. */
export const slugParam = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(200, 'must be at most 200 characters');

/** The largest value of a database `integer` column (Postgres int4): every id we store fits in one. */
export const MAX_DB_ID = 2_147_483_647;

/** A positive whole id as a number or numeric text, within an integer column's range. */
export const dbIdParam = (message: string) =>
  z.coerce.number({ message }).int(message).positive(message).max(MAX_DB_ID, message);

/** A required numeric id (3 or "3"). */
export const idParam = z
  .union([z.string(), z.number()], {
    error: (iss) => (iss.input === undefined ? 'is required' : 'must be a numeric id'),
  })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/, 'must be a numeric id')
      .transform(Number),
  );

/** An optional numeric id: empty, 0 and absent all mean "not given". */
export const optionalIdParam = z
  .union([z.string(), z.number()], { message: 'must be a numeric id' })
  .optional()
  .transform((v) => (v === undefined || v === '' || v === 0 || v === '0' ? undefined : String(v).trim()))
  .pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/, 'must be a numeric id')
      .transform(Number)
      .optional(),
  );

/** A page/module name such as `home`, `holidays`, `deals` (matched case-insensitively). */
export const pageNameParam = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(60, 'must be at most 60 characters')
  .regex(/^[A-Za-z0-9 _-]+$/, 'must contain only letters, digits, spaces, - or _');

export const pageIndexParam = z.coerce
  .number({ message: 'must be a page number from 1' })
  .int('must be a page number from 1')
  .min(1, 'must be a page number from 1')
  .max(10_000, 'must be a page number from 1 to 10000');

export const pageSizeParam = (max: number) =>
  z.coerce
    .number({ message: `must be between 1 and ${max}` })
    .int(`must be between 1 and ${max}`)
    .min(1, `must be between 1 and ${max}`)
    .max(max, `must be between 1 and ${max}`);

/** Paging echoed back with every paged answer; `total` counts every page. */
export const pageInfoSchema = z.object({
  total: z.number().int().nonnegative(),
  pageIndex: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});

export const namedRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/** Date-time as an ISO 8601 string. */
export const isoDateTime = z.string();

/** A booking's reference as a parameter (WL-XXXXX-XXXXX, any case). */
export const refIdKeyParam = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(40, 'is not a booking reference')
  .regex(/^[A-Za-z0-9-]+$/, 'is not a booking reference');

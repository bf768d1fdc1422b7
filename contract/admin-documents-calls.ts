import { z } from 'zod';
import { answer, csvFile, defineAdminCall, noParams } from './admin-api.ts';
import { DOCUMENT_REGISTER_KINDS, type DocumentRegister, type DocumentRegisterKind } from './desk.ts';

/*
 * The documents register (decision 0097, permission documents.read: owner and accounts), declared
 * once here (decision 0111): a site's documents of a month (default: this month in the site's
 * time), each opening its PDF through the booking's own PDF routes, and the month's returns CSV
 * (GSTR-1 on India, VAT 201 on the UAE). server/routes/admin-documents.ts registers them.
 */

const documentRegisterQuery = z.object({
  /** The UAE's unless told (each site's register is its own currency and return). */
  site: z.enum(['UAE', 'IN'], { message: 'site must be UAE or IN.' }).default('UAE'),
  month: z
    .string({ message: 'month: give the month as YYYY-MM.' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month: give the month as YYYY-MM.')
    .optional(),
  kind: z
    .enum([...DOCUMENT_REGISTER_KINDS, ''], {
      message: `kind must be one of ${DOCUMENT_REGISTER_KINDS.join(', ')} (or empty for all).`,
    })
    .optional()
    .transform((v): DocumentRegisterKind | undefined => v || undefined),
});

const permission = 'documents.read' as const;

/** A site's documents of a month; `kind` narrows them. */
export const documentRegisterCall = defineAdminCall({
  method: 'GET',
  path: 'documents',
  params: noParams,
  query: documentRegisterQuery,
  data: answer<DocumentRegister>('DocumentRegister'),
  permission,
});
/** The month's returns CSV (GSTR-1 on India, VAT 201 on the UAE), a download: the desk links to it. */
export const documentReturnsCsvCall = defineAdminCall({
  method: 'GET',
  path: 'documents.csv',
  params: noParams,
  query: documentRegisterQuery,
  file: 'csv',
  data: csvFile,
  permission,
});

import { DomainError, invalid, tooLarge } from './errors.ts';
import { diskFull, isDatabaseUnreachable, isDiskFull } from './faults.ts';

/**
 * What reading a multipart body threw, as an answer for its sender: limits by their own message,
 * and anything else the parser throws (no boundary, a body cut short, a broken part header) as a
 * form that could not be read. Our own refusals (DomainError) pass through. Our own faults are
 * not the sender's: a full disk is a 507 (server/lib/faults.ts), and a database out of reach goes
 * on as it was thrown, for the app's error handler to answer 503.
 */
export function formError(err: unknown, messages: { tooLarge: string; files: string }): DomainError | Error {
  if (err instanceof DomainError) return err;
  if (isDiskFull(err)) return diskFull();
  if (isDatabaseUnreachable(err)) return err as Error;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FIELDS_SIZE_LIMIT':
      return tooLarge(messages.tooLarge);
    case 'FST_FILES_LIMIT':
      return invalid(messages.files);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return invalid('The form has too many fields.');
    default:
      return invalid('The form could not be read.');
  }
}

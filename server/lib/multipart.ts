import { DomainError, invalid, tooLarge } from './errors.ts';

/**
 * What reading a multipart body threw, as an answer for its sender: limits by their own message,
 * and anything else the parser throws (no boundary, a body cut short, a broken part header) as a
 * form that could not be read. Our own refusals (DomainError) pass through.
 */
export function formError(err: unknown, messages: { tooLarge: string; files: string }): DomainError {
  if (err instanceof DomainError) return err;
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

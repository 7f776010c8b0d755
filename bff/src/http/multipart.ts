import { DomainError, invalid } from '../domain-errors.js';

/**
 * A multipart read's failure as a refusal (issue 44 §2): the read's own refusals pass, too many parts is a 400, and
 * anything else the parser throws (a form cut short, a bad boundary, a compressed body it cannot read) is a 400
 * naming `field`, never a 500. `tooLarge` answers a file over its limit.
 */
export function multipartRefusal(
  error: unknown,
  field: string,
  tooLarge: () => DomainError,
  tooMany: string,
): DomainError {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return invalid(tooMany, field);
  return invalid('The upload is not a well-formed multipart form.', field);
}

import { API_ERROR_STATUS, type ApiErrorCode } from '@hackclass/contracts';

/** An error with a stable machine-readable code, an HTTP status and a title fit to show. */
export class HttpError<Code extends string = string> extends Error {
  override name = 'HttpError';

  constructor(
    readonly status: number,
    readonly code: Code,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail ?? title);
  }
}

/** An error of the product API's registry, with the status its code always comes with. */
export const apiError = (
  code: ApiErrorCode,
  title: string,
  detail?: string,
  errors?: Record<string, string[]>,
): HttpError<ApiErrorCode> => new HttpError(API_ERROR_STATUS[code], code, title, detail, errors);

/** The errors every HTTP service of ours can answer with. */
export const commonErrors = {
  badRequest: (detail?: string) => apiError('bad_request', 'Bad request', detail),
  validation: (errors: Record<string, string[]>) =>
    apiError('validation_failed', 'Invalid input', 'Some fields are not valid', errors),
  notFound: (detail?: string) => apiError('not_found', 'Not found', detail),
  payloadTooLarge: (detail?: string) => apiError('payload_too_large', 'Payload too large', detail),
  uriTooLong: (detail?: string) => apiError('uri_too_long', 'URI too long', detail),
  unsupportedMediaType: (detail?: string) =>
    apiError('unsupported_media_type', 'Unsupported media type', detail),
  rateLimited: (detail?: string) => apiError('rate_limited', 'Too many requests', detail),
  internal: () => apiError('internal_error', 'Internal server error'),
  databaseUnavailable: (detail?: string) =>
    apiError('database_unavailable', 'Database unavailable', detail),
  storageFull: (detail?: string) => apiError('storage_full', 'Storage full', detail),
};

/** Seconds a client is asked to wait (`Retry-After`) while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Seconds a client is asked to wait (`Retry-After`) while the server's disk is full. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 60;

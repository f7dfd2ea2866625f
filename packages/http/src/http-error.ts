/** An error with a stable machine-readable code, an HTTP status and a title fit to show. */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail ?? title);
  }
}

/** The errors every HTTP service of ours can answer with. */
export const commonErrors = {
  badRequest: (detail?: string) => new HttpError(400, 'bad_request', 'Bad request', detail),
  validation: (errors: Record<string, string[]>) =>
    new HttpError(400, 'validation_failed', 'Invalid input', 'Some fields are not valid', errors),
  notFound: (detail?: string) => new HttpError(404, 'not_found', 'Not found', detail),
  methodNotAllowed: (detail?: string) =>
    new HttpError(405, 'method_not_allowed', 'Method not allowed', detail),
  payloadTooLarge: (detail?: string) =>
    new HttpError(413, 'payload_too_large', 'Payload too large', detail),
  unsupportedMediaType: (detail?: string) =>
    new HttpError(415, 'unsupported_media_type', 'Unsupported media type', detail),
  tooManyRequests: (detail?: string) =>
    new HttpError(429, 'too_many_requests', 'Too many requests', detail),
  internal: () => new HttpError(500, 'internal_error', 'Internal server error'),
  databaseUnavailable: (detail?: string) =>
    new HttpError(503, 'database_unavailable', 'Database unavailable', detail),
};

/** Seconds a client is asked to wait (`Retry-After`) while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

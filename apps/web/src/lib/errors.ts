import type { ApiErrorCode, Problem } from '@hackclass/contracts';

/**
 * The code of an answer this build cannot name: a code added by a newer server, or an error that
 * is no problem document (a proxy's). Its status, title and detail are still the answer's.
 */
export const UNKNOWN_ERROR_CODE = 'unknown';

/** A problem+json answer of the product API (or a bare HTTP error shaped like one). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | typeof UNKNOWN_ERROR_CODE;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: Record<string, string[]>;
  /** Seconds to wait before trying again, from a 429's `Retry-After`. */
  readonly retryAfter: number | undefined;

  constructor(
    problem: Pick<Problem, 'status' | 'title'> &
      Partial<Omit<Problem, 'code'>> & { code: ApiError['code'] },
    retryAfter?: number,
  ) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.code = problem.code;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors ?? {};
    this.retryAfter = retryAfter;
  }
}

/** The request never got an answer: offline, DNS, connection refused, CORS. */
export class NetworkError extends Error {
  constructor(options?: ErrorOptions) {
    super('The server could not be reached', options);
    this.name = 'NetworkError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
export const isNetworkError = (error: unknown): error is NetworkError =>
  error instanceof NetworkError;

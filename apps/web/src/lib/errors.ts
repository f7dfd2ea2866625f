import type { Problem } from '@hackclass/contracts';

/** A problem+json answer of the product API (or a bare HTTP error shaped like one). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: Record<string, string[]>;
  /** Seconds to wait before trying again, from a 429's `Retry-After`. */
  readonly retryAfter: number | undefined;

  constructor(
    problem: Pick<Problem, 'status' | 'code' | 'title'> & Partial<Problem>,
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

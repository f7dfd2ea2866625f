import { ApiError, NetworkError, UNKNOWN_ERROR_CODE } from './errors';
import { signedInUser } from './identity';
import { getRuntimeConfig } from './runtime-config';
import { endSessionOn } from './session-end';
import { type UploadOptions, uploadRequest } from './upload-request';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The answer is returned as it came, typed by the contracts: the API writes it through a
 * serializer compiled from its schema, and the API's tests check every answer against it.
 */
interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Answers the body as a Blob (file downloads), not as JSON. */
  blob?: boolean;
  /** For a FormData body: reports how much is sent, and aborts on `upload.signal`. */
  upload?: UploadOptions;
}

const unsafeMethods: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The anti-forgery token, fetched on first need and again after a rejection. The API binds it
 * to the signed-in user, so it is kept for the user it was made for (`''` before sign-in).
 */
let antiforgery: { uid: string; token: Promise<string> } | undefined;

const url = (path: string) => `${getRuntimeConfig().apiBaseUrl}${path}`;

async function send(
  input: string,
  init: RequestInit & { headers: Headers },
  upload?: UploadOptions,
): Promise<Response> {
  try {
    if (upload && init.body instanceof FormData) {
      const { method = 'POST', headers, body } = init;
      return await uploadRequest(input, { method, headers, body }, upload);
    }
    return await fetch(input, { credentials: 'same-origin', ...init });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new NetworkError({ cause });
  }
}

/** `Retry-After` in seconds; the HTTP-date form is not sent by our API. */
const retryAfterOf = (response: Response) => {
  const seconds = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
};

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  // The schemas come with all of Zod: loaded on the first refusal, not before the first page.
  const { isApiErrorCode, problemSchema } = await import('@hackclass/contracts');
  const problem = problemSchema.safeParse(body);
  const retryAfter = retryAfterOf(response);
  if (problem.success) {
    const { code } = problem.data;
    return new ApiError(
      { ...problem.data, code: isApiErrorCode(code) ? code : UNKNOWN_ERROR_CODE },
      retryAfter,
    );
  }
  return new ApiError(
    {
      status: response.status,
      code: UNKNOWN_ERROR_CODE,
      title: response.statusText || `HTTP ${response.status}`,
    },
    retryAfter,
  );
}

function fetchAntiforgeryToken(uid: string, authorization: string | null): Promise<string> {
  if (antiforgery?.uid === uid) return antiforgery.token;
  const token = (async () => {
    const response = await send(url('/auth/antiforgery/token'), {
      method: 'POST',
      headers: new Headers(authorization ? { authorization } : {}),
    });
    if (!response.ok) throw await toApiError(response);
    return ((await response.json()) as { token: string }).token;
  })().catch((error: unknown) => {
    if (antiforgery?.token === token) antiforgery = undefined;
    throw error;
  });
  antiforgery = { uid, token };
  return token;
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}) {
  const attempt = async (forceRefresh = false): Promise<Response> => {
    const headers = new Headers({ accept: 'application/json' });
    // getIdToken refreshes a token that is about to expire, so every call carries a fresh one.
    const user = await signedInUser();
    // The SDK signs a disabled user out before the refusal reaches the caller, and that clears
    // the query whose error would have said why: so the reason is told here.
    const idToken = await user?.getIdToken(forceRefresh).catch((error: unknown) => {
      endSessionOn(error);
      throw error;
    });
    if (idToken) headers.set('authorization', `Bearer ${idToken}`);
    if (unsafeMethods.has(method)) {
      const token = await fetchAntiforgeryToken(
        user?.uid ?? '',
        headers.get('authorization'),
      ).catch((error: unknown) => {
        // The API refuses an old ID token (a Firebase project's are accepted for minutes only)
        // at the anti-forgery token first: the same new token as for a refusal below.
        if (!forceRefresh && error instanceof ApiError && error.status === 401) return undefined;
        throw error;
      });
      if (token === undefined) return attempt(true);
      headers.set('x-xsrf-token', token);
    }
    // Multipart bodies set their own content type, with the boundary.
    const multipart = options.body instanceof FormData;
    if (options.body !== undefined && !multipart) headers.set('content-type', 'application/json');
    return send(
      url(path),
      {
        method,
        headers,
        body: multipart
          ? (options.body as FormData)
          : options.body === undefined
            ? undefined
            : JSON.stringify(options.body),
        signal: options.signal ?? options.upload?.signal,
      },
      options.upload,
    );
  };

  let response = await attempt();
  if (!response.ok) {
    let error = await toApiError(response);
    if (error.status === 403 && error.code === 'antiforgery_failed') {
      // The cookie or the token went stale (another tab, a server restart): one fresh try.
      antiforgery = undefined;
      response = await attempt();
      if (!response.ok) error = await toApiError(response);
    }
    if (error.status === 401 && (await signedInUser())) {
      // The API refuses tokens revoked at the identity service (a password changed elsewhere,
      // an account disabled): a new token, or the refresh's refusal that ends the session.
      response = await attempt(true);
      if (!response.ok) error = await toApiError(response);
    }
    if (!response.ok) {
      // A 401 is only logged; what to do about it is the caller's decision.
      if (error.status === 401) console.warn('Unauthorized');
      throw error;
    }
  }

  if (options.blob) return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json();
  return data as T;
}

/** The product API: JSON (or FormData) in, JSON out, typed errors, no side effects on failure. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** A file behind the bearer token, e.g. a lab file, as a Blob. */
  getBlob: (path: string, options?: { signal?: AbortSignal }) =>
    request<Blob>('GET', path, { ...options, blob: true }),
};

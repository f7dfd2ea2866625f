import { setTimeout as sleep } from 'node:timers/promises';
import { pageSessionCookie } from '@hackclass/http';

const QUERY_RETRY_DELAY_MS = 1_000;
/** A student whose sign-in did not go through tries again, a few times. */
const SIGN_IN_ATTEMPTS = 5;
const SIGN_IN_RETRY_DELAY_MS = 2_000;

/** No request of the lesson waits longer than this: a hang is an error, not a slow step. */
export const REQUEST_DEADLINE_MS = 30_000;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A student's browser as the web app drives the API: the ID token on every call, the
 * anti-forgery cookie and token on every change, each request bounded by a deadline.
 */
export class LessonClient {
  #antiforgery: { cookie: string; token: string } | undefined;
  #pageSession: string | undefined;

  constructor(
    readonly origin: string,
    readonly idToken: string,
  ) {}

  async #send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.idToken}` };
    if (method !== 'GET') {
      this.#antiforgery ??= await this.#antiforgeryToken();
      headers.cookie = this.#antiforgery.cookie;
      headers['x-xsrf-token'] = this.#antiforgery.token;
    }
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    return fetch(`${this.origin}${path}`, {
      method,
      headers,
      body: form ? body : body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
    });
  }

  async #antiforgeryToken() {
    const response = await fetch(`${this.origin}/api/auth/antiforgery/token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.idToken}` },
      signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
    });
    await refuseUnlessOk(response, 'POST /api/auth/antiforgery/token');
    const { token } = (await response.json()) as { token: string };
    return { cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? '', token };
  }

  /**
   * The JSON answer of an API call (`path` under `/api`, a JSON or form body); any refusal
   * throws. A read that fails is tried once more a second later, as the web app's queries are;
   * a change is not, as its mutations are not.
   */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    if (method !== 'GET') return this.#call(method, path, body);
    return this.#call<T>(method, path).catch(async () => {
      await sleep(QUERY_RETRY_DELAY_MS);
      return this.#call<T>(method, path);
    });
  }

  async #call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response = await this.#send(method, `/api${path}`, body);
    if (response.status === 403 && (await isAntiforgeryRefusal(response))) {
      // The token went stale (a server restart): one fresh try, as the web app makes.
      this.#antiforgery = undefined;
      response = await this.#send(method, `/api${path}`, body);
    }
    await refuseUnlessOk(response, `${method} /api${path}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Hands the server the ID token for the pages it renders, as the web app does once signed in. */
  async keepPageSession(): Promise<void> {
    this.#antiforgery ??= await this.#antiforgeryToken();
    const response = await fetch(`${this.origin}/api/page-session`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${this.idToken}`,
        cookie: this.#antiforgery.cookie,
        'x-xsrf-token': this.#antiforgery.token,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ keepSignedIn: true }),
      signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
    });
    await refuseUnlessOk(response, 'PUT /api/page-session');
    this.#pageSession = response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${pageSessionCookie(this.origin).name}=`))
      ?.split(';')[0];
  }

  /**
   * A page of the app as the browser asks for it, with the page session: whether the server
   * rendered it with its data (else the app would make the page's reads itself).
   */
  async page(path: string): Promise<boolean> {
    const response = await fetch(`${this.origin}${path}`, {
      headers: { accept: 'text/html', ...(this.#pageSession ? { cookie: this.#pageSession } : {}) },
      signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
    });
    await refuseUnlessOk(response, `GET ${path}`);
    return (await response.text()).includes('id="page-data"');
  }

  /** The bytes of a path on the app's origin (a signed download link). */
  async download(path: string): Promise<number> {
    const response = await fetch(`${this.origin}${path}`, {
      signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
    });
    await refuseUnlessOk(response, `GET ${path.split('?')[0]}`);
    return (await response.arrayBuffer()).byteLength;
  }
}

const isAntiforgeryRefusal = async (response: Response) =>
  (
    (await response
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string }
  ).code === 'antiforgery_failed';

export async function refuseUnlessOk(response: Response, what: string): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new HttpError(response.status, `${what}: ${response.status} ${text.slice(0, 200)}`);
}

/**
 * A password sign-in at the identity service, as the identity SDK does it: the ID token. A
 * sign-in that meets no server, or a server error, is tried again as a student clicks again.
 */
export async function signIn(
  origin: string,
  apiKey: string,
  email: string,
  password: string,
): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await signInOnce(origin, apiKey, email, password);
    } catch (error) {
      const retried = !(error instanceof HttpError) || error.status >= 500;
      if (!retried || attempt === SIGN_IN_ATTEMPTS) throw error;
      await sleep(SIGN_IN_RETRY_DELAY_MS);
    }
  }
}

async function signInOnce(
  origin: string,
  apiKey: string,
  email: string,
  password: string,
): Promise<string> {
  const response = await fetch(
    `${origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
      signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
    },
  );
  await refuseUnlessOk(response, 'signInWithPassword');
  return ((await response.json()) as { idToken: string }).idToken;
}

import type { OutgoingHttpHeaders } from 'node:http';
import type { ApiServer } from './api-server';
import { cookieJar } from './cookie-jar';

export interface ApiResponse {
  status: number;
  headers: OutgoingHttpHeaders;
  body: unknown;
  json<T = Record<string, unknown>>(): T;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A browser session against the API: it holds the anti-forgery cookie and token, and sends
 * the ID token it was given, from `remoteAddress` when given. Unsafe calls fetch the
 * anti-forgery token first, as the web app does.
 */
export function apiSession(
  server: Pick<ApiServer, 'app'>,
  idToken?: string,
  remoteAddress?: string,
) {
  const cookies = cookieJar();
  let xsrf: string | undefined;

  async function send(
    method: string,
    url: string,
    {
      body,
      headers = {},
      payload,
    }: {
      body?: unknown;
      headers?: Record<string, string>;
      /** Raw bytes to send instead of a JSON `body`, with their own content-type header. */
      payload?: Buffer;
    } = {},
  ): Promise<ApiResponse> {
    const response = await server.app.inject({
      method: method as 'GET',
      url: `/api${url}`,
      headers: {
        ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
        ...cookies.header(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      ...(payload === undefined ? {} : { payload }),
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
    });
    cookies.keep(response.headers);
    const parsed = response.body ? JSON.parse(response.body) : undefined;
    return {
      status: response.statusCode,
      headers: response.headers,
      body: parsed,
      json: <T>() => parsed as T,
    };
  }

  async function antiforgeryToken(): Promise<string> {
    if (!xsrf)
      xsrf = (await send('POST', '/auth/antiforgery/token')).json<{ token: string }>().token;
    return xsrf;
  }

  return {
    send,
    antiforgeryToken,
    /** A call as the web app makes it: unsafe methods carry the anti-forgery token. */
    async call(method: string, url: string, body?: unknown): Promise<ApiResponse> {
      const headers: Record<string, string> = UNSAFE.has(method)
        ? { 'x-xsrf-token': await antiforgeryToken() }
        : {};
      return send(method, url, { body, headers });
    },
    /** A multipart form submission as the browser encodes it, with the anti-forgery token. */
    async callMultipart(method: string, url: string, form: FormData): Promise<ApiResponse> {
      const encoded = new Request('http://localhost/', { method: 'POST', body: form });
      return send(method, url, {
        headers: {
          'x-xsrf-token': await antiforgeryToken(),
          'content-type': encoded.headers.get('content-type') ?? '',
        },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
    },
  };
}

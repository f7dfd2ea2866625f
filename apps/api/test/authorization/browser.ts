import { text } from 'node:stream/consumers';
import type { LightMyRequestResponse } from 'fastify';
import type { ApiServer } from '../support';
import { cookieJar } from '../support/cookie-jar';
import type { MatrixRequest } from './matrix';

export interface BrowserResponse {
  status: number;
  /** The problem document's `code`, on JSON answers that have one. */
  code: string | undefined;
  body: unknown;
}

/**
 * One browser tab: it keeps the anti-forgery cookie it was given, sends the caller's ID token,
 * and leaves the X-XSRF-TOKEN header to the test. Answers are parsed only when they are JSON,
 * since downloads are bytes.
 */
export function browser(server: ApiServer, idToken?: string) {
  const cookies = cookieJar();
  let token: string | undefined;

  async function send(
    method: string,
    { url, body, form, stream }: MatrixRequest,
    xsrf?: string,
  ): Promise<BrowserResponse> {
    let payload: string | Buffer | undefined;
    let contentType: string | undefined;
    if (form) {
      const encoded = new Request('http://localhost/', { method: 'POST', body: form });
      payload = Buffer.from(await encoded.arrayBuffer());
      contentType = encoded.headers.get('content-type') ?? undefined;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      contentType = 'application/json';
    }
    const response = await server.app.inject({
      method: method as 'GET',
      url: `/api${url}`,
      headers: {
        ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
        ...cookies.header(),
        ...(contentType ? { 'content-type': contentType } : {}),
        ...(xsrf === undefined ? {} : { 'x-xsrf-token': xsrf }),
      },
      ...(payload === undefined ? {} : { payload }),
      ...(stream ? { payloadAsStream: true } : {}),
    });
    const content = await bodyOf(response, stream);
    cookies.keep(response.headers);
    const isJson = /json/.test(String(response.headers['content-type'] ?? ''));
    const parsed: unknown = isJson && content ? JSON.parse(content) : undefined;
    const code = (parsed as { code?: unknown } | undefined)?.code;
    return {
      status: response.statusCode,
      code: typeof code === 'string' ? code : undefined,
      body: parsed,
    };
  }

  return {
    send,
    /** This tab's anti-forgery token (fetched once; its cookie is kept). */
    async antiforgeryToken(): Promise<string> {
      if (!token) {
        const response = await send('POST', { url: '/auth/antiforgery/token' });
        token = (response.body as { token: string }).token;
      }
      return token;
    },
  };
}

export type Browser = ReturnType<typeof browser>;

/** An event stream that was let through stays open: its status is the answer, the rest is drained. */
async function bodyOf(response: LightMyRequestResponse, stream: boolean | undefined) {
  if (!stream) return response.body;
  if (response.statusCode < 300) {
    response.stream().resume();
    return '';
  }
  return text(response.stream());
}

import { openConnection } from '@hackclass/db';
import { signIn } from './lesson/lesson-client';

/** No request of a fault test waits longer than this: a hang is a failure, not a slow answer. */
export const ANSWER_DEADLINE_MS = 30_000;

/** What the server answered, whatever it was. */
export interface Answer {
  status: number;
  contentType: string;
  /** The parsed JSON body, else the text. */
  body: unknown;
  text: string;
}

/**
 * A signed-in browser that records every answer instead of throwing on refusals, so a fault
 * test can judge each one: the bearer token on every call, the anti-forgery pair on changes.
 */
export class FaultBrowser {
  #antiforgery: { cookie: string; token: string } | undefined;

  private constructor(
    readonly origin: string,
    readonly idToken: string,
  ) {}

  static async signIn(origin: string, apiKey: string, email: string, password: string) {
    return new FaultBrowser(origin, await signIn(origin, apiKey, email, password));
  }

  /** The same session against another process on the same data (a restarted server). */
  on(origin: string): FaultBrowser {
    return new FaultBrowser(origin, this.idToken);
  }

  async #antiforgeryPair() {
    const response = await fetch(`${this.origin}/api/auth/antiforgery/token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.idToken}` },
      signal: AbortSignal.timeout(ANSWER_DEADLINE_MS),
    });
    if (!response.ok) throw new Error(`antiforgery token: ${response.status}`);
    const { token } = (await response.json()) as { token: string };
    return { cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? '', token };
  }

  /** Calls `/api${path}` with a JSON or form body. */
  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    if (body === undefined || body instanceof FormData) return this.send(method, path, body);
    return this.send(method, path, JSON.stringify(body), { 'content-type': 'application/json' });
  }

  /** Calls `/api${path}` with a body as it is (a stream is sent as it comes) and `headers`. */
  async send(
    method: string,
    path: string,
    body: RequestInit['body'],
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const sent: Record<string, string> = { authorization: `Bearer ${this.idToken}`, ...headers };
    if (method !== 'GET') {
      this.#antiforgery ??= await this.#antiforgeryPair();
      sent.cookie = this.#antiforgery.cookie;
      sent['x-xsrf-token'] = this.#antiforgery.token;
    }
    const response = await fetch(`${this.origin}/api${path}`, {
      method,
      headers: sent,
      body,
      signal: AbortSignal.timeout(ANSWER_DEADLINE_MS),
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    });
    return answerOf(response);
  }

  /** Follows a path on the server's origin (a signed download link): its bytes. */
  async fetchBytes(path: string): Promise<{ status: number; bytes: Buffer }> {
    const response = await fetch(`${this.origin}${path}`, {
      signal: AbortSignal.timeout(ANSWER_DEADLINE_MS),
    });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  }
}

export async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text is the body.
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body,
    text,
  };
}

/** How many submissions the embedded database in `dataDir` holds of each `student lab flag`. */
export async function submissionCounts(dataDir: string): Promise<Map<string, number>> {
  const connection = await openConnection({ dataDir });
  try {
    if (connection.kind !== 'pglite') throw new Error('expected the embedded database');
    const { rows } = await connection.client.query<{ key: string; n: number }>(
      "select user_id || ' ' || lab_id || ' ' || flag as key, count(*)::int as n from submissions group by 1",
    );
    return new Map(rows.map((row) => [row.key, row.n]));
  } finally {
    await connection.close();
  }
}

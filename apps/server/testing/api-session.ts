/**
 * A browser's session against a running server: its ID token, anti-forgery cookie and token.
 * The answer is a call that sends JSON (or a FormData) and reads the JSON answer, throwing on
 * any refusal.
 */
export async function apiSessionOf(origin: string, idToken: string) {
  const authorization = `Bearer ${idToken}`;
  const issued = await fetch(`${origin}/api/auth/antiforgery/token`, {
    method: 'POST',
    headers: { authorization },
  });
  const cookie = issued.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const { token } = (await issued.json()) as { token: string };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const form = body instanceof FormData;
    const response = await fetch(`${origin}/api${path}`, {
      method,
      headers: {
        authorization,
        cookie,
        'x-xsrf-token': token,
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** A multipart body of text fields, as a form posts it. */
export function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

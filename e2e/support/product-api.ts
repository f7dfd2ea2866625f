import { runtimeConfigSchema } from '@hackclass/contracts';

/**
 * The product API as a signed-in user, called from the test itself: for the setup a journey
 * needs but does not test (a classroom to add a lab to, an invitation to be notified of).
 */
export async function productApiAs(baseUrl: string, email: string, password: string) {
  const config = runtimeConfigSchema.parse(
    await (await fetch(new URL('/config.json', baseUrl))).json(),
  );
  const identityOrigin = config.identity.emulatorOrigin ?? baseUrl;
  const signIn = await fetch(
    new URL(
      `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${config.identity.apiKey}`,
      identityOrigin,
    ),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!signIn.ok) throw new Error(`Sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { idToken } = (await signIn.json()) as { idToken: string };
  const apiUrl = (path: string) => new URL(`${config.apiBaseUrl}${path}`, baseUrl);

  const antiforgery = await fetch(apiUrl('/auth/antiforgery/token'), { method: 'POST' });
  const { token } = (await antiforgery.json()) as { token: string };
  const cookie = (antiforgery.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  async function call<T>(method: string, path: string, body?: FormData | object): Promise<T> {
    const headers = new Headers({ authorization: `Bearer ${idToken}` });
    if (method !== 'GET') {
      headers.set('x-xsrf-token', token);
      headers.set('cookie', cookie);
    }
    if (body && !(body instanceof FormData)) headers.set('content-type', 'application/json');
    const response = await fetch(apiUrl(path), {
      method,
      headers,
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body?: FormData | object) => call<T>('POST', path, body),
  };
}

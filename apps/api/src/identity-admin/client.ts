import { apiErrors } from '../errors';

/** What the product API may ask of the identity service, behind its service secret. */
export interface IdentityAdmin {
  createAccount(input: { email: string; password: string; displayName: string }): Promise<string>;
  deleteAccount(uid: string): Promise<void>;
  setDisabled(uid: string, disabled: boolean): Promise<void>;
}

export interface IdentityAdminOptions {
  /** Origin of the identity service, e.g. http://127.0.0.1:3000 in the all-in-one. */
  baseUrl: string;
  secret: string;
  timeoutMs?: number;
}

/** The identity service's protocol messages the API turns into its own errors. */
function errorOf(message: string) {
  const code = message.split(' : ')[0];
  switch (code) {
    case 'EMAIL_EXISTS':
      return apiErrors.emailInUse();
    case 'INVALID_EMAIL':
    case 'MISSING_EMAIL':
      return apiErrors.invalidEmail();
    case 'WEAK_PASSWORD':
    case 'MISSING_PASSWORD':
      return apiErrors.weakPassword(message.split(' : ')[1] ?? 'Choose a longer password');
    // Its hashing queue is full: many sign-ups at once, from everywhere.
    case 'TOO_MANY_ATTEMPTS_TRY_LATER':
      return apiErrors.rateLimited('a minute');
    default:
      return apiErrors.identityUnavailable();
  }
}

export function createIdentityAdmin({
  baseUrl,
  secret,
  timeoutMs = 10_000,
}: IdentityAdminOptions): IdentityAdmin {
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(new URL(`/identity/admin/v1${path}`, baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw apiErrors.identityUnavailable();
    }
    const payload = (await response.json().catch(() => ({}))) as {
      error?: { message?: string };
    };
    if (!response.ok) throw errorOf(payload.error?.message ?? '');
    return payload;
  }

  return {
    async createAccount(input) {
      const { uid } = (await call('POST', '/accounts', input)) as { uid: string };
      return uid;
    },
    async deleteAccount(uid) {
      await call('DELETE', `/accounts/${encodeURIComponent(uid)}`);
    },
    async setDisabled(uid, disabled) {
      await call('POST', `/accounts/${encodeURIComponent(uid)}/${disabled ? 'disable' : 'enable'}`);
    },
  };
}

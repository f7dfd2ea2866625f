import type {
  ProviderCheck,
  SignInProvider,
  SignInProviderButton,
  SignInProviderSettings,
} from '@hackclass/contracts';
import { HttpError } from '@hackclass/http';
import { apiErrors } from '../errors';

/** A revocation (tokens issued before `validSince`, in seconds, are void) or a deletion. */
export interface AccountEvent {
  seq: number;
  uid: string;
  type: 'revoked' | 'deleted';
  validSince: number;
  createdAt: string;
}

/** How many events the identity service lists at most per call. */
export const ACCOUNT_EVENTS_PAGE = 500;

/** What the product API may ask of the identity service, behind its service secret. */
export interface IdentityAdmin {
  createAccount(input: {
    email: string;
    password: string;
    displayName: string;
    /** An operator vouches for the address; sign-ups verify theirs by mail. */
    emailVerified?: boolean;
  }): Promise<string>;
  /** Deletes the account; one that is already gone counts as deleted. */
  deleteAccount(uid: string): Promise<void>;
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  accountExists(uid: string): Promise<boolean>;
  /** Events after the `after` sequence number, and recorded since `since` (seconds) if given. */
  listAccountEvents(query: { after: number; since?: number }): Promise<AccountEvent[]>;
  /** The OpenID Connect providers people may sign in with. */
  providers: {
    /** What the sign-in page offers: the providers that are on. */
    buttons(): Promise<SignInProviderButton[]>;
    list(): Promise<SignInProvider[]>;
    save(settings: SignInProviderSettings): Promise<SignInProvider>;
    remove(id: string): Promise<void>;
    check(id: string): Promise<ProviderCheck[]>;
  };
}

const ACCOUNT_NOT_FOUND = 'USER_NOT_FOUND';

export interface IdentityAdminOptions {
  /** Origin of the identity service, e.g. http://127.0.0.1:3000 in the all-in-one. */
  baseUrl: string;
  secret: string;
  timeoutMs?: number;
  /**
   * How long a new account may take: its password waits its turn in the identity service's
   * hashing queue (32 sign-ups at a quarter of a second each, longer on a busy machine), so the
   * SDK's own 30 s rather than the 10 s of every other call.
   */
  createTimeoutMs?: number;
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
    case 'PASSWORD_LOGIN_DISABLED':
      return apiErrors.schoolAccountsOnly(
        message.split(' : ')[1] ?? 'Addresses of this domain sign in with their school account',
      );
    case 'INVALID_PROVIDER_ID':
      return apiErrors.notFound('No sign-in provider has this id');
    case 'INVALID_ARGUMENT':
      return apiErrors.badRequest(message.split(' : ')[1] ?? 'The provider settings are not valid');
    case ACCOUNT_NOT_FOUND:
      return apiErrors.notFound('Identity account not found');
    // Its hashing queue is full: many sign-ups at once, from everywhere.
    case 'TOO_MANY_ATTEMPTS_TRY_LATER':
      return apiErrors.rateLimited('Try again in a minute');
    default:
      return apiErrors.identityUnavailable();
  }
}

export function createIdentityAdmin({
  baseUrl,
  secret,
  timeoutMs = 10_000,
  createTimeoutMs = 30_000,
}: IdentityAdminOptions): IdentityAdmin {
  async function call(
    method: string,
    path: string,
    body?: unknown,
    waitMs = timeoutMs,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(new URL(`/identity/admin/v1${path}`, baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(waitMs),
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

  /** Whether the call found its account: the identity service answers USER_NOT_FOUND if not. */
  async function found(calling: Promise<unknown>): Promise<boolean> {
    try {
      await calling;
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return false;
      throw error;
    }
  }

  const accountPath = (uid: string) => `/accounts/${encodeURIComponent(uid)}`;

  async function listProviders() {
    const { providers } = (await call('GET', '/providers')) as { providers: SignInProvider[] };
    return providers;
  }

  return {
    async createAccount(input) {
      const { uid } = (await call('POST', '/accounts', input, createTimeoutMs)) as {
        uid: string;
      };
      return uid;
    },
    async deleteAccount(uid) {
      await found(call('DELETE', accountPath(uid)));
    },
    async setDisabled(uid, disabled) {
      await call('POST', `${accountPath(uid)}/${disabled ? 'disable' : 'enable'}`);
    },
    accountExists: (uid) => found(call('GET', accountPath(uid))),
    async listAccountEvents({ after, since }) {
      const query = new URLSearchParams({
        after: String(after),
        limit: String(ACCOUNT_EVENTS_PAGE),
      });
      if (since !== undefined) query.set('since', String(since));
      const { events } = (await call('GET', `/account-events?${query}`)) as {
        events: AccountEvent[];
      };
      return events;
    },
    providers: {
      list: listProviders,
      async buttons() {
        return (await listProviders())
          .filter((provider) => provider.enabled)
          .map(({ id, displayName }) => ({ id, displayName }));
      },
      save: async (settings) =>
        (await call(
          'PUT',
          `/providers/${encodeURIComponent(settings.id)}`,
          settings,
        )) as SignInProvider,
      async remove(id) {
        await call('DELETE', `/providers/${encodeURIComponent(id)}`);
      },
      async check(id) {
        const { checks } = (await call('POST', `/providers/${encodeURIComponent(id)}/check`)) as {
          checks: ProviderCheck[];
        };
        return checks;
      },
    },
  };
}

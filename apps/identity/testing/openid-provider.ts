import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** Someone with an account at the test provider, as its ID tokens and UserInfo describe them. */
export interface ProviderPerson {
  email?: string;
  emailVerified?: boolean;
  name?: string;
  groups?: string[];
}

export interface OpenIdProviderOptions {
  /** The redirect URIs registered for the HackClass client; nothing else is accepted. */
  redirectUris: string[];
  /** People by their subject (`sub`). */
  people: Record<string, ProviderPerson>;
  /**
   * Profile claims in the ID token, as Google, Entra ID and Keycloak put them; otherwise at the
   * UserInfo endpoint alone, as the provider's certified default has it.
   */
  claimsInIdToken?: boolean;
}

async function signingKey() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(new URLSearchParams(body)));
    request.on('error', reject);
  });
}

/**
 * A real OpenID Provider for tests: `oidc-provider` (OpenID Certified), on loopback, with one
 * confidential client for HackClass (client_secret_basic, PKCE required) and a login page of
 * its own where a person types their subject. `rotateKeys` restarts it on the same address with
 * a new signing key, as a provider rotating its keys would.
 */
export async function startOpenIdProvider(options: OpenIdProviderOptions) {
  const clientId = `hackclass-${randomUUID().slice(0, 8)}`;
  const clientSecret = randomUUID();
  const people = options.people;
  let port = 0;
  let server: Server;
  let provider: Provider;

  function configuration(keys: object[]): Configuration {
    return {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: options.redirectUris,
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys },
      cookies: { keys: [randomUUID()] },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 3600,
        IdToken: 600,
        Interaction: 600,
        Session: 3600,
      },
      pkce: { required: () => true },
      conformIdTokenClaims: !options.claimsInIdToken,
      scopes: ['openid', 'email', 'profile', 'groups'],
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name'],
        groups: ['groups'],
      },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}`,
      },
      async findAccount(_ctx, sub) {
        const person = people[sub];
        if (!person) return undefined;
        return {
          accountId: sub,
          async claims() {
            return {
              sub,
              ...(person.email ? { email: person.email } : {}),
              ...(person.emailVerified === undefined
                ? {}
                : { email_verified: person.emailVerified }),
              ...(person.name ? { name: person.name } : {}),
              ...(person.groups ? { groups: person.groups } : {}),
            };
          },
        };
      },
    };
  }

  async function loginPage(response: ServerResponse, uid: string, problem?: string) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>School sign-in</title></head><body>
<main><h1>School sign-in</h1>${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
<label>Username <input name="account" autocomplete="username"></label>
<button type="submit">Sign in</button></form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`);
  }

  /** The login and consent steps the provider hands to the deployment; consent is implied. */
  async function interaction(request: IncomingMessage, response: ServerResponse, path: string) {
    const [, , uid, step] = path.split('/');
    const details = await provider.interactionDetails(request, response);
    if (request.method === 'POST' && step === 'abort') {
      return provider.interactionFinished(request, response, {
        error: 'access_denied',
        error_description: 'The person cancelled the sign-in',
      });
    }
    if (request.method === 'POST' && step === 'login') {
      const account = (await readForm(request)).get('account') ?? '';
      if (!people[account]) return loginPage(response, String(uid), `No account ${account}`);
      return provider.interactionFinished(
        request,
        response,
        { login: { accountId: account } },
        { mergeWithLastSubmission: false },
      );
    }
    if (details.prompt.name === 'login') return loginPage(response, String(uid));
    const grant = new provider.Grant({
      accountId: String(details.session?.accountId),
      clientId: String(details.params.client_id),
    });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return provider.interactionFinished(
      request,
      response,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  async function open(): Promise<void> {
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (path.startsWith('/interaction/')) {
        interaction(request, response, path).catch((error: unknown) => {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(String(error));
        });
        return;
      }
      provider.callback()(request, response);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }

  async function close() {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  // The issuer names the port, which is known once the server listens: listen first.
  await open();
  const issuer = `http://127.0.0.1:${port}`;
  provider = new Provider(issuer, configuration([await signingKey()]));

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    /** A new signing key in place of the old one, after which the old tokens fail to verify. */
    async rotateKeys() {
      provider = new Provider(issuer, configuration([await signingKey()]));
    },
    close,
  };
}

export type OpenIdProvider = Awaited<ReturnType<typeof startOpenIdProvider>>;

/** A browser of sorts: a cookie jar and redirects followed by hand. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const [name = '', ...value] = pair.split('=');
        cookies.set(name.trim(), value.join('='));
      }
    },
  };
}

/**
 * Goes through the provider's pages as a person would, without a browser: from the
 * authorization address to the redirect back to HackClass, signing in as `subject`. Answers that
 * last address (or the provider's error page, when it shows one instead).
 */
export async function signInAtProvider(
  authUri: string,
  subject: string,
  { cancel = false }: { cancel?: boolean } = {},
): Promise<string> {
  const jar = cookieJar();
  let url = authUri;
  let form: URLSearchParams | undefined;
  const origin = new URL(authUri).origin;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form } : {}),
    });
    jar.keep(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next.href;
      url = next.href;
      continue;
    }
    const page = await response.text();
    const login = /action="(\/interaction\/[^"]+\/login)"/.exec(page);
    if (!login?.[1]) throw new Error(`the provider showed no sign-in form at ${url}: ${page}`);
    const abort = login[1].replace(/\/login$/, '/abort');
    url = new URL(cancel ? abort : login[1], origin).href;
    form = new URLSearchParams({ account: subject });
  }
  throw new Error('the provider kept redirecting');
}

import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context';
import { bodyOf, optionalString } from '../protocol/fields';
import { familyOf, revokeAccountRefreshTokens, revokeFamily } from '../tokens/refresh-tokens';
import { authenticate } from '../tokens/sessions';

/** The v2 calls the SDK makes: token revocation and the reCAPTCHA configuration. */
export async function v2Routes(app: FastifyInstance, { ctx }: { ctx: IdentityContext }) {
  /**
   * Revokes `token` when it is one of the caller's refresh tokens (that sign-in ends);
   * any other token ends all of the caller's sessions, the safe reading of "revoke".
   */
  app.post('/v2/accounts::revokeToken', async (request) => {
    const body = bodyOf(request);
    const { account } = await authenticate(ctx, optionalString(body, 'idToken'));
    const token = optionalString(body, 'token');
    const family = token ? await familyOf(ctx, account.uid, token) : undefined;
    if (family) await revokeFamily(ctx, family);
    else await revokeAccountRefreshTokens(ctx, account.uid);
    return {};
  });

  app.get('/v2/recaptchaConfig', async () => ({
    recaptchaKey: `projects/${ctx.projectId}/keys/none`,
    recaptchaEnforcementState: [{ provider: 'EMAIL_PASSWORD_PROVIDER', enforcementState: 'OFF' }],
  }));
}

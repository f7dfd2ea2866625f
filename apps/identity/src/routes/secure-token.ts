import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context';
import { ProtocolError } from '../protocol/errors';
import { bodyOf, optionalString } from '../protocol/fields';
import {
  BODY_LIMIT_BYTES,
  neverCached,
  requireApiKey,
  useProtocolErrors,
} from '../protocol/handlers';
import { refreshSession } from '../tokens/sessions';

/** Secure Token `v1/token`: the refresh grant, form-encoded as the SDK sends it. */
export async function secureTokenRoutes(app: FastifyInstance, { ctx }: { ctx: IdentityContext }) {
  useProtocolErrors(app);
  neverCached(app);
  requireApiKey(app, ctx.apiKey);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post('/v1/token', async (request) => {
    const body = bodyOf(request);
    const grantType = optionalString(body, 'grant_type');
    const refreshToken = optionalString(body, 'refresh_token');
    if (!grantType) throw new ProtocolError('MISSING_GRANT_TYPE');
    if (grantType !== 'refresh_token') throw new ProtocolError('INVALID_GRANT_TYPE');
    if (!refreshToken) throw new ProtocolError('MISSING_REFRESH_TOKEN');
    const tokens = await refreshSession(ctx, refreshToken);
    return {
      access_token: tokens.idToken,
      expires_in: tokens.expiresIn,
      token_type: 'Bearer',
      refresh_token: tokens.refreshToken,
      id_token: tokens.idToken,
      user_id: tokens.uid,
      project_id: ctx.projectId,
    };
  });
}

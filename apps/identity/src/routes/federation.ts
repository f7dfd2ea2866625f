import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context';
import { redeemPendingToken } from '../federation/federated-sign-in';
import { needsConfirmationResponse, signedInResponse } from '../federation/idp-response';
import { answerSignIn } from '../federation/provider-answer';
import { redirectUriOf, startSignIn } from '../federation/start-sign-in';
import { invalidField, ProtocolError } from '../protocol/errors';
import { type Body, bodyOf, optionalString } from '../protocol/fields';
import { authenticate, startSession } from '../tokens/sessions';

/** `customParameter`: an object of strings, passed on to the provider where it is allowed. */
function customParametersOf(body: Body): Record<string, string> {
  const value = body.customParameter;
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidField('customParameter', 'TYPE_MESSAGE');
  }
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** Sign-in through an OpenID Connect provider: createAuthUri starts it, signInWithIdp ends it. */
export async function federationRoutes(app: FastifyInstance, { ctx }: { ctx: IdentityContext }) {
  app.post('/v1/accounts::createAuthUri', async (request) => {
    const body = bodyOf(request);
    const providerId = optionalString(body, 'providerId', 64);
    // Asked with an address alone (fetchSignInMethodsForEmail), the answer names no method:
    // whether an address has an account is not told (email enumeration protection).
    if (!providerId) {
      if (!optionalString(body, 'identifier')) throw new ProtocolError('MISSING_EMAIL');
      return { kind: 'identitytoolkit#CreateAuthUriResponse' };
    }
    const continueUri = optionalString(body, 'continueUri');
    if (!continueUri) throw new ProtocolError('INVALID_CONTINUE_URI');
    if (continueUri.split(/[?#]/)[0] !== redirectUriOf(ctx.publicUrl)) {
      throw new ProtocolError(
        'INVALID_CONTINUE_URI',
        `The provider answers to ${redirectUriOf(ctx.publicUrl)} alone`,
      );
    }
    const started = await startSignIn(ctx, {
      ip: request.ip,
      providerId,
      customParameters: customParametersOf(body),
    });
    return { kind: 'identitytoolkit#CreateAuthUriResponse', providerId, ...started };
  });

  app.post('/v1/accounts::signInWithIdp', async (request) => {
    const body = bodyOf(request);
    const idToken = optionalString(body, 'idToken');
    const linkTo = idToken ? (await authenticate(ctx, idToken)).account : undefined;
    let pendingToken = optionalString(body, 'pendingToken', 256);
    if (!pendingToken) {
      const sessionId = optionalString(body, 'sessionId', 256);
      const requestUri = optionalString(body, 'requestUri');
      if (!requestUri) throw new ProtocolError('MISSING_REQUEST_URI');
      if (!sessionId) {
        // An ID or access token got by the app itself: this service takes only the answers to
        // the trips it started, whose state, nonce and code it checks.
        throw new ProtocolError(
          'OPERATION_NOT_ALLOWED',
          'Sign in through the provider with the sign-in page (a session id is needed)',
        );
      }
      pendingToken = (await answerSignIn(ctx, { sessionId, requestUri })).pendingToken;
    }
    const outcome = await redeemPendingToken(ctx, { pendingToken, linkTo });
    if (outcome.kind === 'needs-confirmation') {
      return needsConfirmationResponse(outcome, pendingToken);
    }
    const tokens = await startSession(ctx, outcome.account, outcome.provider);
    return signedInResponse(outcome, outcome.account, tokens);
  });
}

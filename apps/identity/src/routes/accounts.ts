import type { FastifyInstance } from 'fastify';
import { createAccount, deleteAccount } from '../accounts/accounts';
import { normaliseEmail } from '../accounts/email';
import { countSignUp } from '../accounts/new-password-limits';
import { checkNewPassword } from '../accounts/password-policy';
import { signInWithPassword } from '../accounts/sign-in';
import type { IdentityContext } from '../context';
import { linksOf } from '../federation/federated-identities';
import { accountInfo } from '../protocol/account-info';
import { ProtocolError } from '../protocol/errors';
import { bodyOf, optionalRawString, optionalString } from '../protocol/fields';
import { authenticate, requireRecentLogin, startSession } from '../tokens/sessions';

/** Sign-up, sign-in, lookup and delete: the calls that create, open, read and end an account. */
export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: IdentityContext }) {
  app.post('/v1/accounts::signUp', async (request) => {
    const body = bodyOf(request);
    const email = optionalRawString(body, 'email');
    const password = optionalRawString(body, 'password');
    // No email and no password is an anonymous sign-up, which this service does not offer.
    if (!email && !password) throw new ProtocolError('OPERATION_NOT_ALLOWED');
    if (!email) throw new ProtocolError('MISSING_EMAIL');
    if (!password) throw new ProtocolError('MISSING_PASSWORD');
    const normal = normaliseEmail(email);
    checkNewPassword(password);
    ctx.hashing.newPassword.checkRoom();
    await countSignUp(ctx, request.ip);
    const account = await createAccount(ctx, { email: normal, password });
    return {
      kind: 'identitytoolkit#SignupNewUserResponse',
      localId: account.uid,
      email: account.email,
      ...(await startSession(ctx, account)),
    };
  });

  app.post('/v1/accounts::signInWithPassword', async (request) => {
    const body = bodyOf(request);
    const email = optionalRawString(body, 'email');
    const password = optionalRawString(body, 'password');
    if (!email) throw new ProtocolError('INVALID_EMAIL');
    if (!password) throw new ProtocolError('MISSING_PASSWORD');
    const account = await signInWithPassword(ctx, {
      email: normaliseEmail(email),
      password,
      ip: request.ip,
    }).catch((error: unknown) => {
      app.metrics.signIns.inc({ result: 'failure' });
      throw error;
    });
    app.metrics.signIns.inc({ result: 'success' });
    return {
      kind: 'identitytoolkit#VerifyPasswordResponse',
      registered: true,
      localId: account.uid,
      email: account.email,
      displayName: account.displayName ?? '',
      ...(await startSession(ctx, account)),
    };
  });

  app.post('/v1/accounts::lookup', async (request) => {
    const { account } = await authenticate(ctx, optionalString(bodyOf(request), 'idToken'));
    const links = await linksOf(ctx, account.uid);
    return {
      kind: 'identitytoolkit#GetAccountInfoResponse',
      users: [accountInfo(account, links)],
    };
  });

  app.post('/v1/accounts::delete', async (request) => {
    const { account, claims } = await authenticate(ctx, optionalString(bodyOf(request), 'idToken'));
    requireRecentLogin(ctx, claims);
    await deleteAccount(ctx, account.uid);
    return { kind: 'identitytoolkit#DeleteAccountResponse' };
  });
}

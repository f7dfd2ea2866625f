import type { FastifyInstance } from 'fastify';
import { normaliseEmail } from '../accounts/email';
import { checkPasswordResetCode, confirmPasswordReset } from '../accounts/password-reset';
import { sendPasswordResetMail, sendVerificationMail } from '../codes/mail-codes';
import type { IdentityContext } from '../context';
import { checkContinueUrl, languageOf } from '../mail/links';
import { ProtocolError } from '../protocol/errors';
import { bodyOf, optionalRawString, optionalString } from '../protocol/fields';
import { authenticate } from '../tokens/sessions';

/** `accounts:sendOobCode` mails codes; `accounts:resetPassword` checks and uses reset codes. */
export async function oobCodeRoutes(app: FastifyInstance, { ctx }: { ctx: IdentityContext }) {
  app.post('/v1/accounts::sendOobCode', async (request) => {
    const body = bodyOf(request);
    const requestType = optionalString(body, 'requestType');
    const continueUrl = optionalString(body, 'continueUrl');
    if (!requestType) throw new ProtocolError('MISSING_REQ_TYPE');
    checkContinueUrl(continueUrl, ctx.publicUrl);
    const settings = { continueUrl, lang: languageOf(request.headers['x-firebase-locale']) };

    if (requestType === 'VERIFY_EMAIL') {
      const { account } = await authenticate(ctx, optionalString(body, 'idToken'));
      await sendVerificationMail(ctx, account, settings);
      return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: account.email };
    }
    if (requestType === 'PASSWORD_RESET') {
      const given = optionalRawString(body, 'email');
      if (!given) throw new ProtocolError('MISSING_EMAIL');
      const email = normaliseEmail(given);
      await sendPasswordResetMail(ctx, { email, ip: request.ip }, settings);
      return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email };
    }
    throw new ProtocolError('INVALID_REQ_TYPE');
  });

  app.post('/v1/accounts::resetPassword', async (request) => {
    const body = bodyOf(request);
    const oobCode = optionalString(body, 'oobCode');
    const newPassword = optionalRawString(body, 'newPassword');
    if (!oobCode) throw new ProtocolError('MISSING_OOB_CODE');
    const email =
      newPassword === undefined
        ? await checkPasswordResetCode(ctx, oobCode)
        : (await confirmPasswordReset(ctx, { code: oobCode, newPassword, ip: request.ip })).email;
    return { kind: 'identitytoolkit#ResetPasswordResponse', requestType: 'PASSWORD_RESET', email };
  });
}

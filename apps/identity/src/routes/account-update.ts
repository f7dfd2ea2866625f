import { nameProblem } from '@hackclass/contracts';
import { mailBrandOf, passwordChangedMail } from '@hackclass/mail';
import type { FastifyInstance } from 'fastify';
import { changePassword, updateAccount } from '../accounts/accounts';
import { verifyEmailWithCode } from '../accounts/email-verification';
import { countPasswordChange } from '../accounts/new-password-limits';
import { checkNewPassword } from '../accounts/password-policy';
import type { IdentityContext } from '../context';
import type { Account } from '../db/schema';
import { linksOf } from '../federation/federated-identities';
import { passwordForgotLink } from '../mail/links';
import { accountInfo } from '../protocol/account-info';
import { invalidField, ProtocolError } from '../protocol/errors';
import {
  type Body,
  bodyOf,
  optionalRawString,
  optionalString,
  optionalStringList,
} from '../protocol/fields';
import { authenticate, requireRecentLogin, startSession } from '../tokens/sessions';

const MAX_DISPLAY_NAME_LENGTH = 256;
const MAX_PHOTO_URL_LENGTH = 2048;
const deletable = { DISPLAY_NAME: 'displayName', PHOTO_URL: 'photoUrl' } as const;

function photoUrlOf(value: string): string {
  const isWebUrl = URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
  // Shown as an <img> to other users: only web URLs, never javascript: or data: ones.
  if (!isWebUrl) throw invalidField('photoUrl', 'not an http or https URL');
  return value;
}

/**
 * A display name as HackClass checks names: others see it, and invitation and announcement mails
 * quote it, so one line of visible text and no web address.
 */
function displayNameOf(body: Body): string | undefined {
  const name = optionalString(body, 'displayName', MAX_DISPLAY_NAME_LENGTH);
  const problem = name ? nameProblem(name) : null;
  if (problem) throw invalidField('displayName', problem);
  return name;
}

async function setAccountInfoResponse(ctx: IdentityContext, account: Account) {
  const { localId, email, emailVerified, displayName, photoUrl, passwordHash, providerUserInfo } =
    accountInfo(account, await linksOf(ctx, account.uid));
  return {
    kind: 'identitytoolkit#SetAccountInfoResponse',
    localId,
    email,
    emailVerified,
    displayName,
    photoUrl,
    passwordHash,
    providerUserInfo,
  };
}

/** `accounts:update`: apply an email-verification code, or change profile or password. */
export async function accountUpdateRoutes(app: FastifyInstance, { ctx }: { ctx: IdentityContext }) {
  app.post('/v1/accounts::update', async (request) => {
    const body = bodyOf(request);
    const oobCode = optionalString(body, 'oobCode');
    if (oobCode) return setAccountInfoResponse(ctx, await verifyEmailWithCode(ctx, oobCode));

    const { account, claims } = await authenticate(ctx, optionalString(body, 'idToken'));
    // Changing the address needs a verified-before-change flow this service does not offer.
    if (body.email !== undefined) throw new ProtocolError('OPERATION_NOT_ALLOWED');
    const displayName = displayNameOf(body);
    const photoUrl = optionalString(body, 'photoUrl', MAX_PHOTO_URL_LENGTH);
    const password = optionalRawString(body, 'password');
    const changes: Partial<Account> = {};
    // The SDK sends null (and the REST API an empty string) to clear a field.
    if (displayName !== undefined || body.displayName === null) {
      changes.displayName = displayName || null;
    }
    if (photoUrl !== undefined || body.photoUrl === null) {
      changes.photoUrl = photoUrl ? photoUrlOf(photoUrl) : null;
    }
    for (const attribute of optionalStringList(body, 'deleteAttribute')) {
      const field = deletable[attribute as keyof typeof deletable];
      if (!field) throw invalidField('deleteAttribute', `unknown attribute ${attribute}`);
      changes[field] = null;
    }
    if (password !== undefined) {
      requireRecentLogin(ctx, claims);
      checkNewPassword(password);
      await countPasswordChange(ctx, request.ip);
    }

    let updated =
      Object.keys(changes).length > 0 ? await updateAccount(ctx, account.uid, changes) : account;
    if (password === undefined) return setAccountInfoResponse(ctx, updated);
    // A reset by mail is not announced: its mail went to the same mailbox moments before.
    updated = await changePassword(ctx, account.uid, password, {}, (inTransaction, changed) =>
      ctx.sendMail(
        passwordChangedMail(mailBrandOf(ctx.publicUrl), {
          to: changed.email,
          link: passwordForgotLink(ctx),
        }),
        inTransaction.db,
      ),
    );
    // Every older session has just ended; this one continues with fresh tokens.
    return {
      ...(await setAccountInfoResponse(ctx, updated)),
      ...(await startSession(ctx, updated)),
    };
  });
}

import { normaliseEmail } from '../accounts/email';
import { formatFirebaseHash } from '../accounts/firebase-scrypt';
import { isUsableUid, newUid } from '../accounts/uid';
import type { Account } from '../db/schema';
import {
  type FirebaseUser,
  hasPasswordProvider,
  instant,
  otherProviders,
  text,
} from './firebase-export';

export const SKIP_REASONS = {
  'no-email': 'has no email address',
  'invalid-email': 'has an email address that is not valid',
  'no-password': 'has no password',
  'duplicate-in-file': 'has the same email as an earlier user in the file',
  'already-imported': 'is already here (same email and uid)',
  'email-taken': 'has an email that already belongs to another account',
  'uid-taken': 'has a uid that already belongs to another account',
} as const;

export type SkipReason = keyof typeof SKIP_REASONS;

export interface Skipped {
  uid: string | null;
  email: string | null;
  reason: SkipReason;
  /** What the reason alone does not say, e.g. the providers a user without a password uses. */
  detail?: string;
}

export type NewImportedAccount = Omit<Account, 'customClaims'> & {
  /** The uid in the file, when it did not fit ours and the account got a new one. */
  firebaseUid?: string;
};

export type Plan = { account: NewImportedAccount } | { skipped: Skipped };

function validEmail(email: string): string | undefined {
  try {
    return normaliseEmail(email);
  } catch {
    return undefined;
  }
}

/**
 * Why a user came without a hash: another way of signing in, or a password Firebase itself only
 * holds in a form it does not export (imported into it with another algorithm, never used since).
 */
function noPasswordDetail(user: FirebaseUser): string | undefined {
  const providers = otherProviders(user);
  if (providers.length > 0) return `signs in with ${providers.join(', ')} only`;
  if (hasPasswordProvider(user)) {
    return 'Firebase exported no hash for its password: it has not signed in since it was imported into Firebase';
  }
  return undefined;
}

/**
 * What becomes of one exported user, before looking at the database; its hash names the
 * import's parameters row, `paramsId`.
 */
export function planAccount(user: FirebaseUser, paramsId: string, now: Date): Plan {
  const fileUid = text(user.localId);
  const rawEmail = text(user.email);
  const skip = (reason: SkipReason, email: string | null, detail?: string): Plan => ({
    skipped: { uid: fileUid ?? null, email, reason, ...(detail ? { detail } : {}) },
  });
  if (!rawEmail) return skip('no-email', null);
  const email = validEmail(rawEmail);
  if (!email) return skip('invalid-email', rawEmail);
  const passwordHash = text(user.passwordHash);
  const salt = text(user.salt);
  if (!passwordHash || !salt) return skip('no-password', email, noPasswordDetail(user));
  const uid = fileUid && isUsableUid(fileUid) ? fileUid : newUid();
  const createdAt = instant(user.createdAt) ?? now;
  return {
    account: {
      uid,
      ...(fileUid && fileUid !== uid ? { firebaseUid: fileUid } : {}),
      email,
      emailVerified: user.emailVerified === true,
      displayName: text(user.displayName) ?? null,
      photoUrl: text(user.photoUrl) ?? null,
      passwordHash: formatFirebaseHash(
        { salt: Buffer.from(salt, 'base64'), hash: Buffer.from(passwordHash, 'base64') },
        paramsId,
      ),
      passwordUpdatedAt: now,
      validSince: now,
      disabled: user.disabled === true,
      createdAt,
      lastLoginAt: instant(user.lastSignedInAt) ?? null,
    },
  };
}

import { ROLE, type RoleId } from '@hackclass/contracts';
import type { VerifiedIdToken } from '@hackclass/id-token';
import { eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { preparedQuery } from '../db/prepared';
import { type UserRow, users } from '../db/schema';
import { apiErrors } from '../errors';
import type { IdentityAdmin } from '../identity-admin/client';
import { claimEmailInvitations } from '../members/claim-email-invitations';
import { isEmailTaken, releaseStaleEmail } from './stale-email';

const userByIdentityUid = preparedQuery('user_by_identity_uid', (db, name) =>
  db
    .select()
    .from(users)
    .where(eq(users.identityUid, sql.placeholder('uid')))
    .prepare(name),
);

/**
 * The role a user should have: ADMIN_EMAILS promote, but only once the email is verified, or
 * anyone could sign up with an admin's address before them.
 */
function promotedRole(current: RoleId, token: VerifiedIdToken, adminEmails: string[]): RoleId {
  const isAdminEmail = token.email !== undefined && adminEmails.includes(token.email.toLowerCase());
  return isAdminEmail && token.emailVerified ? ROLE.admin : current;
}

/** What the user's row should say, from the token, the row and the admin list. */
function wantedProfile(existing: UserRow, token: VerifiedIdToken, adminEmails: string[]) {
  return {
    email: token.email ?? '',
    emailVerified: token.emailVerified,
    roleId: promotedRole(existing.roleId as RoleId, token, adminEmails),
    // Profile changes are made at the identity service; tokens carry them here.
    displayName: token.name ?? existing.displayName,
    photoUrl: token.picture ?? existing.photoUrl,
  };
}

/** Whether the user's row already says what the token and the admin list say of them. */
export function isInStep(existing: UserRow, token: VerifiedIdToken, adminEmails: string[]) {
  const wanted = wantedProfile(existing, token, adminEmails);
  return (
    existing.email === wanted.email &&
    existing.emailVerified === wanted.emailVerified &&
    existing.roleId === wanted.roleId &&
    existing.displayName === wanted.displayName &&
    existing.photoUrl === wanted.photoUrl
  );
}

/**
 * The role a school's provider gave someone who signed in through it (`provider_role`, set by
 * the identity service from the provider's rules); none for any other sign-in.
 */
export function providerRoleOf(token: VerifiedIdToken): 'teacher' | 'student' | undefined {
  if (!token.signInProvider?.startsWith('oidc.')) return undefined;
  const role = token.claims.provider_role;
  return role === 'teacher' || role === 'student' ? role : undefined;
}

export interface EnsureUserOptions {
  adminEmails: string[];
  /** TEACHER_APPROVAL: a teacher by a provider's rules is a student until an admin approves. */
  teacherApproval: boolean;
  /** Asked whether the holder of a taken email still has an account. */
  identityAdmin: IdentityAdmin;
}

async function insertUser(db: ApiDatabase, token: VerifiedIdToken, options: EnsureUserOptions) {
  const providerRole = providerRoleOf(token);
  const waits = options.teacherApproval && providerRole === 'teacher';
  const firstRole = providerRole === 'teacher' && !waits ? ROLE.teacher : ROLE.student;
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(users)
      .values({
        identityUid: token.uid,
        email: token.email ?? '',
        emailVerified: token.emailVerified,
        displayName: token.name ?? null,
        photoUrl: token.picture ?? null,
        roleId: promotedRole(firstRole, token, options.adminEmails),
        teacherRequestedAt: providerRole === 'teacher' ? new Date() : null,
        // Made here, the account was made elsewhere, with no role asked: they choose it next,
        // unless their school's provider said what they are.
        signUpRoleOpen: providerRole === undefined,
      })
      .onConflictDoNothing({ target: users.identityUid })
      .returning();
    if (inserted) await claimEmailInvitations(tx, inserted);
    return inserted;
  });
}

/**
 * The product user behind a verified ID token, created on first sight and kept in step with
 * the token's email, verification, name, picture and the admin list. One indexed read in the
 * common case.
 * When an email becomes verified, the classroom invitations waiting for it are claimed in the
 * same transaction. An email still held by the user of a deleted account is freed first.
 */
export async function ensureUser(
  db: ApiDatabase,
  token: VerifiedIdToken,
  options: EnsureUserOptions,
  staleEmailReleased = false,
): Promise<UserRow> {
  const { adminEmails, identityAdmin } = options;
  const [existing] = await userByIdentityUid(db).execute({ uid: token.uid });
  const email = token.email ?? '';
  if (!existing) {
    let created: UserRow | undefined;
    try {
      created = await insertUser(db, token, options);
    } catch (error) {
      if (!isEmailTaken(error)) throw error;
      if (staleEmailReleased || !(await releaseStaleEmail(db, identityAdmin, email))) {
        throw apiErrors.emailInUse();
      }
      return ensureUser(db, token, options, true);
    }
    if (created) return created;
    // Another request created it between our read and our insert.
    return ensureUser(db, token, options, staleEmailReleased);
  }
  if (isInStep(existing, token, adminEmails)) return existing;
  const newlyVerified =
    token.emailVerified && (!existing.emailVerified || existing.email !== email);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...wantedProfile(existing, token, adminEmails), updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    if (row && newlyVerified) await claimEmailInvitations(tx, row);
    return row;
  });
  return updated ?? existing;
}

import { changeRole, registerUser, setUserDisabled } from '@hackclass/api';
import { ROLE, registerRequestSchema } from '@hackclass/contracts';
import { CommandError } from '../command';
import { type OperatorServer, operator, userByEmail } from '../operator-server';

export interface NewAdmin {
  email: string;
  password: string;
  /** Shown in the product; the email's local part when not given. */
  displayName?: string | undefined;
}

/**
 * Creates an admin as a sign-up creates a user (identity account and product user together),
 * with the address verified: the operator vouches for it, so the admin signs in at once.
 */
export async function createAdmin({ db, identityAdmin }: OperatorServer, admin: NewAdmin) {
  const parsed = registerRequestSchema.safeParse({
    email: admin.email,
    password: admin.password,
    displayName: admin.displayName ?? admin.email.split('@')[0],
    roleId: ROLE.teacher,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new CommandError(`Cannot create that admin: ${problems.join('; ')}`);
  }
  const user = await registerUser(db, identityAdmin, parsed.data, {
    teacherApproval: false,
    emailVerified: true,
  });
  return changeRole(db, operator, user.id, ROLE.admin);
}

/** Makes the existing user with `email` an admin. */
export async function promoteToAdmin({ db }: OperatorServer, email: string) {
  const user = await userByEmail(db, email);
  return user.roleId === ROLE.admin ? user : changeRole(db, operator, user.id, ROLE.admin);
}

/**
 * Disables or enables the account with `email` as the admin screen does: at the identity service
 * (no sign-in, no refresh) and in the product (the API refuses the ID tokens they hold); a
 * disabled account's live targets stop.
 */
export async function setDisabledByEmail(server: OperatorServer, email: string, disabled: boolean) {
  const user = await userByEmail(server.db, email);
  return setUserDisabled(server, operator, user.id, disabled);
}

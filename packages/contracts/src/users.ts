import { z } from 'zod';
import { emailSchema } from './email';
import { plainName } from './names';
import { pageOf, pageQueryFields } from './paging';
import { userCanSchema } from './permissions';
import { ROLE } from './roles';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

export const roleIdSchema = z.union([
  z.literal(ROLE.student),
  z.literal(ROLE.teacher),
  z.literal(ROLE.admin),
  z.literal(ROLE.guest),
]);

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  roleId: roleIdSchema,
  /**
   * Signed up as a teacher where an admin approves new teachers: a student until then, and
   * told so.
   */
  awaitingTeacherApproval: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

/** The signed-in user, with what they may do anywhere. */
export const meSchema = userSchema.extend({ can: userCanSchema });
export type Me = z.infer<typeof meSchema>;

/**
 * `PUT /page-session`: whether the session outlives the browser, as the user chose at sign-in
 * ("keep me signed in"); if not, its cookie goes when the browser closes.
 */
export const pageSessionRequestSchema = z.strictObject({
  keepSignedIn: z.boolean({ error: 'Say whether the session outlives the browser: true or false' }),
});
export type PageSessionRequest = z.infer<typeof pageSessionRequestSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 100;

/** Signup: a person chooses student or teacher; admins are made by configuration or an admin. */
export const registerRequestSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password should be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password should be at most ${PASSWORD_MAX_LENGTH} characters`),
  displayName: plainName(z.string().trim().min(1, 'Enter your name').max(DISPLAY_NAME_MAX_LENGTH)),
  roleId: z.union([z.literal(ROLE.student), z.literal(ROLE.teacher)], {
    error: 'Choose student or teacher',
  }),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * The role chosen at sign-up when the account was made elsewhere (a Firebase project): once,
 * by a user the API has just made.
 */
export const signUpRoleSchema = registerRequestSchema.pick({ roleId: true });
export type SignUpRole = z.infer<typeof signUpRoleSchema>;

/** Deleting an account: its email address, typed again, says it is meant. */
export const deleteAccountRequestSchema = z.strictObject({
  email: z.string().trim().min(1, 'Type your email address').max(254),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const antiforgeryTokenSchema = z.object({ token: z.string() });

/** An admin changes someone's role. */
export const roleChangeSchema = z.strictObject({ roleId: roleIdSchema });

export const userParamsSchema = z.object({ id: z.uuid() });

/**
 * A user as admins manage them: the profile, plus whether an admin disabled the account and
 * whether they teach without an admin's approval yet (they signed up as a teacher where
 * TEACHER_APPROVAL is off), which keeps them to fewer invitation mails until approved.
 */
export const managedUserSchema = userSchema.extend({
  disabled: z.boolean(),
  unapprovedTeacher: z.boolean(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const USER_PAGE_SIZE = { default: 20, max: 100 } as const;

export const userListQuerySchema = z.object({
  /** A substring of the email or the name, ignoring case. */
  search: z.string().max(200).refine(hasNoNul, NO_NUL_MESSAGE).optional(),
  role: z.coerce.number().pipe(roleIdSchema).optional(),
  /** `true`: only those awaiting approval as teachers, as students or teaching meanwhile. */
  awaitingApproval: z.stringbool().optional(),
  ...pageQueryFields(USER_PAGE_SIZE),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListSchema = pageOf(managedUserSchema);
export type UserList = z.infer<typeof userListSchema>;

/**
 * What others see of a user who has no display name: neutral, stable, and derived from the id
 * alone, never from the email (on a leaderboard the email's local part would give the person
 * away). The API builds the same in SQL (`memberName`), for search and ordering.
 */
export const FALLBACK_NAME_PREFIX = 'User';
export const FALLBACK_NAME_ID_CHARS = 4;
export const fallbackName = (userId: string) =>
  `${FALLBACK_NAME_PREFIX} ${userId.slice(0, FALLBACK_NAME_ID_CHARS).toUpperCase()}`;

import { type Me, type RegisterRequest, ROLE, type User } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createUserWithEmailAndPassword,
  type User as IdentityUser,
  sendEmailVerification,
  signInWithEmailAndPassword,
  updateProfile,
} from 'firebase/auth';
import { toast } from '@/components/toast/toast';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { getIdentity } from '@/lib/identity';
import { accountsInFirebase } from '@/lib/runtime-config';
import { getMeQueryOptions } from './get-me';
import { signInMutationKey } from './sign-in-key';
import { chooseSignUpRole } from './sign-up-role';

export const register = (body: RegisterRequest): Promise<User> =>
  api.post('/auth/register', { body });

/**
 * Where the verification mail's link continues after the code is applied: the page the sign-up
 * came from (an invitation's), else the dashboard.
 */
export const verificationContinueUrl = (continuePath?: string) =>
  new URL(continuePath ?? paths.dashboard.getHref(), window.location.origin).href;

/**
 * The new account, signed in. The API registers it at the built-in identity service, with the
 * role asked for; a Firebase project's accounts are made at Firebase, and the API makes the
 * product user, a student, from the first ID token, until the role is chosen (`chooseRole`).
 */
async function createAccount(request: RegisterRequest): Promise<IdentityUser> {
  const auth = await getIdentity();
  if (accountsInFirebase()) {
    return (await createUserWithEmailAndPassword(auth, request.email, request.password)).user;
  }
  await register(request);
  return (await signInWithEmailAndPassword(auth, request.email, request.password)).user;
}

/**
 * With a Firebase project, the display name is set once the account exists. A failure leaves the
 * account without one, which the profile page can set, and the signup goes on.
 */
async function nameAccount(
  user: IdentityUser,
  displayName: string,
): Promise<Pick<SignUpOutcome, 'profileFailed'>> {
  try {
    await updateProfile(user, { displayName });
    // The first token was issued before the name was set.
    await user.getIdToken(true);
    return {};
  } catch (error) {
    console.error(error);
    return { profileFailed: true };
  }
}

/** What a signup did besides making the account. */
interface SignUpOutcome {
  verificationMailSent: boolean;
  /** With a Firebase project: the display name could not be set. */
  profileFailed?: boolean;
  /** With a Firebase project: the user as the chosen role made them. */
  chosen?: { uid: string; me: Me };
  /** With a Firebase project: a teacher's role could not be told to the API. */
  roleFailed?: boolean;
}

/**
 * With a Firebase project, the role is told to the API once the account exists. The account is
 * made by then, so a failure does not fail the signup: it leaves a student, whom an admin can
 * make a teacher.
 */
async function chooseRole(
  user: IdentityUser,
  roleId: RegisterRequest['roleId'],
): Promise<Pick<SignUpOutcome, 'chosen' | 'roleFailed'>> {
  try {
    return { chosen: { uid: user.uid, me: await chooseSignUpRole({ roleId }) } };
  } catch (error) {
    console.error(error);
    return { roleFailed: roleId === ROLE.teacher };
  }
}

/**
 * Signup creates the account, signs in and sends the verification mail. The account exists once
 * the first step succeeded, so a failed mail does not fail the signup; the verify-email page can
 * resend it.
 */
async function signUp({
  continuePath,
  ...request
}: RegisterRequest & { continuePath?: string | undefined }): Promise<SignUpOutcome> {
  const user = await createAccount(request);
  const firebase = accountsInFirebase()
    ? {
        ...(await nameAccount(user, request.displayName)),
        ...(await chooseRole(user, request.roleId)),
      }
    : {};
  return { ...firebase, ...(await sendVerificationMail(user, continuePath)) };
}

async function sendVerificationMail(
  user: IdentityUser,
  continuePath: string | undefined,
): Promise<{ verificationMailSent: boolean }> {
  try {
    await sendEmailVerification(user, { url: verificationContinueUrl(continuePath) });
    return { verificationMailSent: true };
  } catch (error) {
    console.error(error);
    return { verificationMailSent: false };
  }
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...signInMutationKey, 'sign-up'],
    mutationFn: signUp,
    onSuccess: (result) => {
      // The user may have been fetched before the role was chosen.
      const { chosen, profileFailed, roleFailed, verificationMailSent } = result;
      if (chosen) queryClient.setQueryData(getMeQueryOptions(chosen.uid).queryKey, chosen.me);
      if (profileFailed) toast.error(messages.signUpProfileFailed);
      if (roleFailed) toast.error(messages.signUpRoleFailed);
      if (!verificationMailSent) toast.error(messages.verificationMailFailed);
    },
  });
}

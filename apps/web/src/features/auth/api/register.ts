import { type RegisterRequest, type User, userSchema } from '@hackclass/contracts';
import { useMutation } from '@tanstack/react-query';
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
import { signInMutationKey } from './sign-in-key';

export const register = (body: RegisterRequest): Promise<User> =>
  api.post('/auth/register', { body, schema: userSchema });

/**
 * Where the verification mail's link continues after the code is applied: the page the sign-up
 * came from (an invitation's), else the dashboard.
 */
export const verificationContinueUrl = (continuePath?: string) =>
  new URL(continuePath ?? paths.dashboard.getHref(), window.location.origin).href;

/**
 * The new account, signed in. The API registers it at the built-in identity service, with the
 * role asked for; a Firebase project's accounts are made at Firebase, and the API makes the
 * product user, a student, from the first ID token.
 */
async function createAccount(request: RegisterRequest): Promise<IdentityUser> {
  const auth = await getIdentity();
  if (accountsInFirebase()) {
    const { user } = await createUserWithEmailAndPassword(auth, request.email, request.password);
    await updateProfile(user, { displayName: request.displayName });
    // The first token was issued before the name was set.
    await user.getIdToken(true);
    return user;
  }
  await register(request);
  return (await signInWithEmailAndPassword(auth, request.email, request.password)).user;
}

/**
 * Signup creates the account, signs in and sends the verification mail. The account exists once
 * the first step succeeded, so a failed mail does not fail the signup; the verify-email page can
 * resend it.
 */
async function signUp({
  continuePath,
  ...request
}: RegisterRequest & { continuePath?: string | undefined }): Promise<{
  verificationMailSent: boolean;
}> {
  const user = await createAccount(request);
  try {
    await sendEmailVerification(user, { url: verificationContinueUrl(continuePath) });
    return { verificationMailSent: true };
  } catch (error) {
    console.error(error);
    return { verificationMailSent: false };
  }
}

export const useSignUp = () =>
  useMutation({
    mutationKey: [...signInMutationKey, 'sign-up'],
    mutationFn: signUp,
    onSuccess: ({ verificationMailSent }) => {
      if (!verificationMailSent) toast.error(messages.verificationMailFailed);
    },
  });

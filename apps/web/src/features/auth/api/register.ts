import { type RegisterRequest, type User, userSchema } from '@hackclass/contracts';
import { useMutation } from '@tanstack/react-query';
import { sendEmailVerification, signInWithEmailAndPassword } from 'firebase/auth';
import { toast } from '@/components/toast/toast';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { getIdentity } from '@/lib/identity';
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
 * Signup registers, logs in and sends the verification mail. The account exists once the first
 * step succeeded, so a failed mail does not fail the signup; the verify-email page can resend it.
 */
async function signUp({
  continuePath,
  ...request
}: RegisterRequest & { continuePath?: string | undefined }): Promise<{
  verificationMailSent: boolean;
}> {
  await register(request);
  const { user } = await signInWithEmailAndPassword(
    await getIdentity(),
    request.email,
    request.password,
  );
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

import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { applyActionCode, sendEmailVerification } from 'firebase/auth';
import { toast } from '@/components/toast/toast';
import { messages } from '@/config/messages';
import { getIdentity } from '@/lib/identity';
import { verificationContinueUrl } from './register';

/**
 * Sends the verification mail again to the signed-in user; its link continues to `continuePath`
 * (a same-origin path) when given, as the first mail's did.
 */
async function resendVerification(continuePath: string | undefined): Promise<void> {
  const user = (await getIdentity()).currentUser;
  if (!user) throw new Error('Nobody is signed in');
  await sendEmailVerification(user, { url: verificationContinueUrl(continuePath) });
}

export const useResendVerification = () =>
  useMutation({
    mutationFn: resendVerification,
    meta: { errorToast: messages.verificationMailFailed },
    onSuccess: () => toast.success('Verification email sent', 'Check your inbox and spam folder.'),
  });

/**
 * Applies the mail's code, then reloads the signed-in account (if any, on this device) and forces
 * a new ID token, so its `email_verified` claim is true for the API at once.
 */
async function verifyEmail(oobCode: string): Promise<true> {
  const auth = await getIdentity();
  await applyActionCode(auth, oobCode);
  if (auth.currentUser) {
    await auth.currentUser.reload();
    await auth.currentUser.getIdToken(true);
  }
  return true;
}

/** A query, not a mutation: a code is single-use, and the cache runs it once per page view. */
export const verifyEmailQueryOptions = (oobCode: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', oobCode],
    queryFn: () => verifyEmail(oobCode),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useVerifyEmail = (oobCode: string) => useQuery(verifyEmailQueryOptions(oobCode));

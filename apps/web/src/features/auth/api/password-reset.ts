import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  confirmPasswordReset,
  sendPasswordResetEmail,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { getIdentity } from '@/lib/identity';

export const useSendPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => sendPasswordResetEmail(getIdentity(), email) });

/** Checks the mail's code and gives the address it was sent to. */
export const resetCodeQueryOptions = (oobCode: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-code', oobCode],
    queryFn: () => verifyPasswordResetCode(getIdentity(), oobCode),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useResetCode = (oobCode: string) => useQuery(resetCodeQueryOptions(oobCode));

export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: ({ oobCode, password }: { oobCode: string; password: string }) =>
      confirmPasswordReset(getIdentity(), oobCode, password),
  });

import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  confirmPasswordReset,
  sendPasswordResetEmail,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { getIdentity } from '@/lib/identity';

export const useSendPasswordReset = () =>
  useMutation({
    mutationFn: async (email: string) => sendPasswordResetEmail(await getIdentity(), email),
  });

/** Checks the mail's code and gives the address it was sent to. */
export const resetCodeQueryOptions = (oobCode: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-code', oobCode],
    queryFn: async () => verifyPasswordResetCode(await getIdentity(), oobCode),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useResetCode = (oobCode: string) => useQuery(resetCodeQueryOptions(oobCode));

export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: async ({ oobCode, password }: { oobCode: string; password: string }) =>
      confirmPasswordReset(await getIdentity(), oobCode, password),
  });

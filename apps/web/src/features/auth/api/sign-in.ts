import { useMutation } from '@tanstack/react-query';
import { signInWithEmailAndPassword, type User } from 'firebase/auth';
import { getIdentity } from '@/lib/identity';

/**
 * Mutations that sign someone in. While one runs, the guest guard holds still, so the page can
 * finish its flow before the guard moves the new user on.
 */
export const signInMutationKey = ['auth', 'sign-in'] as const;

export interface Credentials {
  email: string;
  password: string;
}

export const signIn = async ({ email, password }: Credentials): Promise<User> =>
  (await signInWithEmailAndPassword(getIdentity(), email, password)).user;

export const useSignIn = () =>
  useMutation({ mutationKey: [...signInMutationKey, 'password'], mutationFn: signIn });

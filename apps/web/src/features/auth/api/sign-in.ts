import { useMutation } from '@tanstack/react-query';
import { signInWithEmailAndPassword, type User } from 'firebase/auth';
import { getIdentity } from '@/lib/identity';
import { signInMutationKey } from './sign-in-key';

export interface Credentials {
  email: string;
  password: string;
}

export const signIn = async ({ email, password }: Credentials): Promise<User> =>
  (await signInWithEmailAndPassword(await getIdentity(), email, password)).user;

export const useSignIn = () =>
  useMutation({ mutationKey: [...signInMutationKey, 'password'], mutationFn: signIn });

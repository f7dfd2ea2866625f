import { useMutation } from '@tanstack/react-query';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  setPersistence,
  signInWithEmailAndPassword,
  type User,
} from 'firebase/auth';
import { getIdentity } from '@/lib/identity';
import { signInMutationKey } from './sign-in-key';

export interface Credentials {
  email: string;
  password: string;
  /** Kept across browser restarts; otherwise the session ends when the browser closes. */
  keepSignedIn: boolean;
}

export async function signIn({ email, password, keepSignedIn }: Credentials): Promise<User> {
  const identity = await getIdentity();
  await setPersistence(
    identity,
    keepSignedIn ? browserLocalPersistence : browserSessionPersistence,
  );
  return (await signInWithEmailAndPassword(identity, email, password)).user;
}

export const useSignIn = () =>
  useMutation({ mutationKey: [...signInMutationKey, 'password'], mutationFn: signIn });

import { useMutation } from '@tanstack/react-query';
import type { User } from 'firebase/auth';
import { getIdentity } from '@/lib/identity';
import { signInMutationKey } from './sign-in-key';

export interface Credentials {
  email: string;
  password: string;
  /** Kept across browser restarts; otherwise the session ends when the browser closes. */
  keepSignedIn: boolean;
}

/** The SDK's calls load with it, not with the form: the form shows before the SDK is needed. */
export async function signIn({ email, password, keepSignedIn }: Credentials): Promise<User> {
  const [
    identity,
    {
      browserLocalPersistence,
      browserSessionPersistence,
      setPersistence,
      signInWithEmailAndPassword,
    },
  ] = await Promise.all([getIdentity(), import('firebase/auth')]);
  await setPersistence(
    identity,
    keepSignedIn ? browserLocalPersistence : browserSessionPersistence,
  );
  return (await signInWithEmailAndPassword(identity, email, password)).user;
}

export const useSignIn = () =>
  useMutation({ mutationKey: [...signInMutationKey, 'password'], mutationFn: signIn });

import { useMutation } from '@tanstack/react-query';
import {
  deleteUser,
  EmailAuthProvider,
  type User as IdentityUser,
  reauthenticateWithCredential,
} from 'firebase/auth';
import { api } from '@/lib/api-client';
import { accountsInFirebase } from '@/lib/runtime-config';

export interface DeleteAccountInput {
  identityUser: IdentityUser;
  email: string;
  password: string;
  /** The email address as the user typed it to confirm. */
  typedEmail: string;
}

/**
 * Re-authenticates with the password (the API accepts a deletion only within minutes of a
 * sign-in), then has the API delete the identity account and the product user together. The API
 * cannot delete an account in a Firebase project: the user's own, freshly signed-in SDK does.
 */
export async function deleteAccount({
  identityUser,
  email,
  password,
  typedEmail,
}: DeleteAccountInput): Promise<void> {
  await reauthenticateWithCredential(identityUser, EmailAuthProvider.credential(email, password));
  await api.delete('/users/me', { body: { email: typedEmail } });
  if (accountsInFirebase()) await deleteUser(identityUser);
}

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });

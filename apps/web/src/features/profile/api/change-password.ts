import { useMutation } from '@tanstack/react-query';
import {
  EmailAuthProvider,
  type User as IdentityUser,
  reauthenticateWithCredential,
  updatePassword,
} from 'firebase/auth';

export interface ChangePasswordInput {
  identityUser: IdentityUser;
  email: string;
  currentPassword: string;
  newPassword: string;
}

/** Re-authenticates with the current password (the provider demands a recent sign-in), then changes it. */
export async function changePassword({
  identityUser,
  email,
  currentPassword,
  newPassword,
}: ChangePasswordInput): Promise<void> {
  const credential = EmailAuthProvider.credential(email, currentPassword);
  await reauthenticateWithCredential(identityUser, credential);
  await updatePassword(identityUser, newPassword);
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });

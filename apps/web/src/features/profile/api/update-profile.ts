import { useMutation } from '@tanstack/react-query';
import { type User as IdentityUser, updateProfile } from 'firebase/auth';

export interface UpdateProfileInput {
  identityUser: IdentityUser;
  displayName: string;
  /** Empty for no photo. */
  photoUrl: string;
}

/** The name and photo live with the identity provider; the session reloads them afterwards. */
export const updateIdentityProfile = ({
  identityUser,
  displayName,
  photoUrl,
}: UpdateProfileInput) => updateProfile(identityUser, { displayName, photoURL: photoUrl || null });

export const useUpdateProfile = () => useMutation({ mutationFn: updateIdentityProfile });

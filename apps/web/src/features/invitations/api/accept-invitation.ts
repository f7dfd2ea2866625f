import type { Membership } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationKeys } from './keys';

export const acceptInvitation = (token: string): Promise<Membership> =>
  api.post(`/invitations/${encodeURIComponent(token)}/accept`);

/**
 * Accepting changes what the link says, and the caller's classrooms: those are another feature's,
 * which `onAccepted` (given by the route) invalidates.
 */
export function useAcceptInvitation(
  token: string,
  onAccepted: (membership: Membership) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: (membership) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationKeys.link(token) }),
        onAccepted(membership),
      ]),
  });
}

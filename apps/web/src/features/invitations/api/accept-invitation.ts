import { type Membership, membershipSchema } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const acceptInvitation = (token: string): Promise<Membership> =>
  api.post(`/invitations/${encodeURIComponent(token)}/accept`, { schema: membershipSchema });

/** Accepting changes the caller's classrooms and what the link says. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['invitations', token] }),
        queryClient.invalidateQueries({ queryKey: ['classrooms'] }),
      ]),
  });
}

import type { Invitation } from '@hackclass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { InvitationRef } from './withdraw-invitation';

export const resendInvitation = ({ classroomId, email }: InvitationRef): Promise<Invitation> =>
  api.post(
    `/classrooms/${encodeURIComponent(classroomId)}/invitations/resend?${new URLSearchParams({ userEmail: email })}`,
  );

/** Mails an invitation not yet accepted again, with a new link. */
export const useResendInvitation = () => useMutation({ mutationFn: resendInvitation });

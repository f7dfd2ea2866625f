import type { InvitationPreview } from '@hackclass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const previewInvitations = (classroomId: string, text: string): Promise<InvitationPreview> =>
  api.post(`/classrooms/${encodeURIComponent(classroomId)}/invitations/preview`, {
    body: { text },
  });

/** Where each address of a pasted or uploaded list stands; nothing is sent yet. */
export const usePreviewInvitations = (classroomId: string) =>
  useMutation({ mutationFn: (text: string) => previewInvitations(classroomId, text) });

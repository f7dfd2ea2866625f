import type { BulkInvitationResult } from '@hackclass/contracts';
import { api } from '@/lib/api-client';

export const inviteMany = (classroomId: string, emails: string[]): Promise<BulkInvitationResult> =>
  api.post(`/classrooms/${encodeURIComponent(classroomId)}/invitations/bulk`, {
    body: { emails },
  });

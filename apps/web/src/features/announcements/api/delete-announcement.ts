import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getAnnouncementsQueryOptions } from './get-announcements';

export const deleteAnnouncement = (classroomId: string, announcementId: string): Promise<void> =>
  api.delete(
    `/classrooms/${encodeURIComponent(classroomId)}/announcements/${encodeURIComponent(announcementId)}`,
  );

export function useDeleteAnnouncement(classroomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (announcementId: string) => deleteAnnouncement(classroomId, announcementId),
    meta: { errorToast: 'Could not delete the announcement. Please try again.' },
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: getAnnouncementsQueryOptions(classroomId).queryKey,
      }),
  });
}

import { type Announcement, announcementSchema } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getAnnouncementsQueryOptions } from './get-announcements';

export const postAnnouncement = (classroomId: string, body: string): Promise<Announcement> =>
  api.post(`/classrooms/${encodeURIComponent(classroomId)}/announcements`, {
    body: { body },
    schema: announcementSchema,
  });

export function usePostAnnouncement(classroomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => postAnnouncement(classroomId, body),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: getAnnouncementsQueryOptions(classroomId).queryKey,
      }),
  });
}

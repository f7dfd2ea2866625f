import type { Announcement, CreateAnnouncement } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getAnnouncementsQueryOptions } from './get-announcements';

export const postAnnouncement = (
  classroomId: string,
  announcement: CreateAnnouncement,
): Promise<Announcement> =>
  api.post(`/classrooms/${encodeURIComponent(classroomId)}/announcements`, {
    body: announcement,
  });

export function usePostAnnouncement(classroomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (announcement: CreateAnnouncement) => postAnnouncement(classroomId, announcement),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: getAnnouncementsQueryOptions(classroomId).queryKey,
      }),
  });
}

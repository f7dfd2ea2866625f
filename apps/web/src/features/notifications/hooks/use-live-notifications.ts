import type { Notification } from '@hackclass/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type NavigateFunction, useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast';
import { paths } from '@/config/paths';
import { invalidateAfterFetches } from '@/lib/invalidate-after-fetches';
import { useUserEvents } from '@/lib/user-events';
import { getNotificationsQueryOptions } from '../api/get-notifications';

/** Long enough to read an excerpt of a few lines. */
const ANNOUNCEMENT_TOAST_MS = 12_000;

function toastAnnouncement({ id, data }: Notification, navigate: NavigateFunction) {
  const { classroomId, classroomName, excerpt } = data;
  toast.info(`New announcement in ${classroomName || 'a classroom'}`, excerpt, {
    id: `notification-${id}`,
    timeout: ANNOUNCEMENT_TOAST_MS,
    actions: classroomId
      ? [{ label: 'Open', onClick: () => void navigate(paths.classroom.getHref(classroomId)) }]
      : [],
  });
}

/**
 * Keeps the signed-in user's notifications current while the app is open: each new one
 * refetches the list (and its unread badge), and an announcement shows a toast at once.
 */
export function useLiveNotifications(userId: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refetch = () =>
    void invalidateAfterFetches(queryClient, getNotificationsQueryOptions(userId).queryKey);
  useUserEvents(
    userId !== undefined,
    ({ notification }) => {
      refetch();
      if (notification.type === 'Announcement') toastAnnouncement(notification, navigate);
    },
    refetch,
  );
}

import type { NotificationList } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const notificationsPath = (userId: string) =>
  `/users/${encodeURIComponent(userId)}/notifications`;

export const getNotifications = (userId: string, signal?: AbortSignal): Promise<NotificationList> =>
  api.get(notificationsPath(userId), { signal });

export const getNotificationsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['notifications', userId],
    queryFn: ({ signal }) => getNotifications(userId ?? '', signal),
    enabled: userId !== undefined,
    staleTime: 30_000,
    refetchInterval: 120_000,
  });

export const useNotifications = (userId: string | undefined) =>
  useQuery(getNotificationsQueryOptions(userId));

/** Only the unread count, for a badge; shares the list's cache. */
export const useUnreadNotificationCount = (userId: string | undefined) =>
  useQuery({ ...getNotificationsQueryOptions(userId), select: (list) => list.unreadCount }).data ??
  0;

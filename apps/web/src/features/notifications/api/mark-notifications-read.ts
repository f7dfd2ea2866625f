import type { NotificationList } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@/config/messages';
import { api } from '@/lib/api-client';

export interface MarkReadInput {
  userId: string;
  /** The notifications to mark; all of them when absent. */
  ids?: string[];
}

export const markNotificationsRead = ({ userId, ids }: MarkReadInput): Promise<unknown> =>
  api.post(`/users/${encodeURIComponent(userId)}/notifications/read`, {
    body: ids ? { ids } : {},
  });

export const useMarkNotificationsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    meta: { errorToast: messages.generic },
    onSuccess: (_result, { userId, ids }) => {
      // Mark them at once, then take the server's word.
      const now = new Date().toISOString();
      queryClient.setQueryData<NotificationList>(['notifications', userId], (list) => {
        if (!list) return list;
        const marks = (id: string) => !ids || ids.includes(id);
        const marked = list.items.filter((item) => item.readAt === null && marks(item.id));
        const items = list.items.map((item) =>
          marked.includes(item) ? { ...item, readAt: now } : item,
        );
        return { items, unreadCount: ids ? Math.max(list.unreadCount - marked.length, 0) : 0 };
      });
      return queryClient.invalidateQueries({ queryKey: ['notifications', userId] });
    },
  });
};

import type { Announcement } from '@hackclass/contracts';
import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { Markdown } from '@/components/markdown/markdown';
import { RelativeTime } from '@/components/time/relative-time';
import { useDeleteAnnouncement } from '../api/delete-announcement';

interface AnnouncementItemProps {
  classroomId: string;
  announcement: Announcement;
  canDelete: boolean;
}

/** One announcement: who posted it and when, its Markdown, and Delete for the teacher. */
export function AnnouncementItem({ classroomId, announcement, canDelete }: AnnouncementItemProps) {
  const remove = useDeleteAnnouncement(classroomId);
  const [confirming, setConfirming] = useState(false);
  const author = announcement.author?.name ?? 'Deleted account';
  return (
    <Paper component="li" withBorder p="md" aria-label={`Announcement by ${author}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={8} wrap="wrap">
            <Text size="sm" fw={600}>
              {author}
            </Text>
            <RelativeTime iso={announcement.createdAt} />
          </Group>
          {canDelete && (
            <Tooltip label="Delete announcement">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Delete announcement"
                onClick={() => setConfirming(true)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <div style={{ overflowWrap: 'anywhere' }}>
          <Markdown>{announcement.body}</Markdown>
        </div>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Delete this announcement?"
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(announcement.id, { onSettled: () => setConfirming(false) })}
      >
        It disappears from the classroom for everyone. Notifications already sent stay.
      </ConfirmModal>
    </Paper>
  );
}

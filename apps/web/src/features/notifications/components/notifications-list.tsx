import type { Notification } from '@hackclass/contracts';
import { Alert, Badge, Button, Card, Center, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBell,
  IconCheck,
  IconChecks,
  IconFlag,
  IconMail,
  IconSchool,
  IconSpeakerphone,
  IconUserCheck,
  IconUserPlus,
} from '@tabler/icons-react';
import { Spinner } from '@/components/feedback/spinner';
import { messages } from '@/config/messages';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationText } from './notification-text';

const icons: Record<Notification['type'], typeof IconBell> = {
  InvitationReceived: IconMail,
  JoinRequested: IconUserPlus,
  JoinApproved: IconUserCheck,
  InvitationAccepted: IconUserCheck,
  LabAdded: IconFlag,
  LabOpened: IconFlag,
  TeacherApproved: IconSchool,
  Announcement: IconSpeakerphone,
  CoTeacherAdded: IconSchool,
};

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The user's notifications, newest first; unread ones marked, with read-marking. */
export function NotificationsList({ userId }: { userId: string }) {
  const list = useNotifications(userId);
  const markRead = useMarkNotificationsRead();

  if (list.isPending) {
    return (
      <Center py="xl">
        <Spinner label="Loading notifications" />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{messages.generic}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const items = [...list.data.items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const { unreadCount } = list.data;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {unreadCount === 0 ? 'All caught up' : `${unreadCount} unread`}
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconChecks size={16} aria-hidden />}
          disabled={unreadCount === 0}
          loading={markRead.isPending && markRead.variables?.ids === undefined}
          onClick={() => markRead.mutate({ userId })}
        >
          Mark all as read
        </Button>
      </Group>
      {items.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="xs" ta="center">
            <IconBell size={36} stroke={1.4} aria-hidden />
            <Text fw={600}>No notifications yet</Text>
            <Text size="sm" c="dimmed">
              Invitations, join requests, new labs and announcements in your classrooms will show up
              here.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => {
            const unread = item.readAt === null;
            const Icon = icons[item.type] ?? IconBell;
            return (
              <Card
                component="li"
                key={item.id}
                withBorder
                padding="md"
                data-unread={unread || undefined}
                style={{
                  borderLeft: unread ? '3px solid var(--mantine-primary-color-filled)' : undefined,
                  background: unread ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <ThemeIcon
                    variant={unread ? 'filled' : 'default'}
                    color="green"
                    size="lg"
                    radius={0}
                    visibleFrom="xs"
                  >
                    <Icon size={18} aria-hidden />
                  </ThemeIcon>
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {unread && (
                        <Badge size="xs" color="green" radius={0} mr={8} component="span">
                          Unread
                        </Badge>
                      )}
                      <NotificationText notification={item} />
                    </Text>
                    <Group gap="sm" justify="space-between">
                      <Text size="xs" c="dimmed">
                        <time dateTime={item.createdAt}>
                          {dateFormat.format(new Date(item.createdAt))}
                        </time>
                      </Text>
                      {unread && (
                        <Button
                          variant="subtle"
                          size="compact-xs"
                          leftSection={<IconCheck size={14} aria-hidden />}
                          loading={markRead.isPending && markRead.variables?.ids?.[0] === item.id}
                          onClick={() => markRead.mutate({ userId, ids: [item.id] })}
                        >
                          Mark as read
                        </Button>
                      )}
                    </Group>
                  </Stack>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

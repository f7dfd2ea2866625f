import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { EmptyState, ListError, ListSkeleton } from '@/components/feedback/list-states';
import { useAnnouncements } from '../api/get-announcements';
import { AnnouncementComposer } from './announcement-composer';
import { AnnouncementItem } from './announcement-item';

interface AnnouncementsPanelProps {
  classroomId: string;
  /** The classroom's teachers and admins post and delete. */
  canManage: boolean;
}

/** A classroom's announcements, newest first, with the composer for those who run it. */
export function AnnouncementsPanel({ classroomId, canManage }: AnnouncementsPanelProps) {
  const list = useAnnouncements(classroomId);
  const announcements = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="announcements-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="announcements-title">
          Announcements
        </Title>
        {canManage && <AnnouncementComposer classroomId={classroomId} />}
        {list.isPending ? (
          <ListSkeleton label="Loading announcements" rows={2} rowHeight={72} />
        ) : list.isError && !list.isFetchNextPageError ? (
          <ListError
            message="Could not load the announcements."
            onRetry={() => void list.refetch()}
          />
        ) : announcements.length === 0 ? (
          <EmptyState icon={<IconSpeakerphone size={24} />} title="No announcements yet">
            {canManage
              ? 'Post one above: every member is notified, at once if they are online.'
              : 'Your teacher’s announcements will show up here.'}
          </EmptyState>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {announcements.map((announcement) => (
              <AnnouncementItem
                key={announcement.id}
                classroomId={classroomId}
                announcement={announcement}
                canDelete={canManage}
              />
            ))}
          </Stack>
        )}
        {list.isFetchNextPageError && (
          <ListError
            message="Could not load more announcements."
            onRetry={() => void list.fetchNextPage()}
          />
        )}
        {list.hasNextPage && !list.isFetchNextPageError && (
          <Group justify="center">
            <Button
              variant="default"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

import { Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListError, ListSkeleton } from '@/components/feedback/list-states';
import { formatDateTime } from '@/lib/format-date-time';
import { useHintUnlocks } from '../api/get-hint-unlocks';
import { costText } from './hints-panel';

interface HintUnlocksCardProps {
  classroomId: string;
  labId: string;
}

const PAGE_SIZE = 10;

/** For the classroom's teacher: who unlocked which hint of the lab when, newest first. */
export function HintUnlocksCard({ classroomId, labId }: HintUnlocksCardProps) {
  const [page, setPage] = useState(1);
  const unlocks = useHintUnlocks(classroomId, { labId, page, pageSize: PAGE_SIZE });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="lab-hints-used">
      <Title order={2} size="h4" id="lab-hints-used" mb="sm">
        Hints used
      </Title>
      {unlocks.isPending ? (
        <ListSkeleton label="Loading the hints used" rows={2} rowHeight={40} />
      ) : unlocks.isError ? (
        <ListError
          message="Could not load the hints used."
          onRetry={() => void unlocks.refetch()}
        />
      ) : unlocks.data.total === 0 ? (
        <Text size="sm" c="dimmed">
          No student has unlocked a hint of this lab here yet.
        </Text>
      ) : (
        <Stack gap="sm">
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {unlocks.data.items.map((unlock) => (
              <li key={`${unlock.user.id}-${unlock.hintId}`}>
                <Group justify="space-between" gap={4} wrap="wrap">
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {unlock.user.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <time dateTime={unlock.unlockedAt}>{formatDateTime(unlock.unlockedAt)}</time>
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  Hint {unlock.position} · {costText(unlock.cost)}
                </Text>
              </li>
            ))}
          </Stack>
          {unlocks.data.pageCount > 1 && (
            <Pagination
              total={unlocks.data.pageCount}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous'
                    ? 'Previous page'
                    : control === 'next'
                      ? 'Next page'
                      : control,
              })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          )}
        </Stack>
      )}
    </Card>
  );
}

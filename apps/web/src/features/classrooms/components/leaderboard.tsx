import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, ListError, ListSkeleton } from '@/components/feedback/list-states';
import { PageControls } from '@/components/paging/page-controls';
import {
  firstLeaderboardPage,
  LEADERBOARD_PAGE_SIZES,
  useLeaderboard,
} from '../api/get-leaderboard';
import { FirstSolveMark } from './first-solve-mark';

/**
 * The classroom's leaderboard a page at a time, with the ranks the API gives: the one ranking
 * the dashboard and the CSV export show too.
 */
export function Leaderboard({ classroomId }: { classroomId: string }) {
  const [page, setPage] = useState(firstLeaderboardPage.page);
  const [pageSize, setPageSize] = useState<number>(firstLeaderboardPage.pageSize);
  const board = useLeaderboard(classroomId, { page, pageSize });
  const total = board.data?.total ?? 0;
  const pageCount = Math.max(1, board.data?.pageCount ?? 1);
  // Members who leave can shorten the board under the page being shown.
  if (board.data && page > pageCount) setPage(pageCount);

  return (
    <section aria-labelledby="leaderboard-heading">
      <Title order={2} size="h3" id="leaderboard-heading" mb="sm">
        Leaderboard
      </Title>
      {board.isPending ? (
        <ListSkeleton label="Loading the leaderboard" rows={4} rowHeight={36} />
      ) : board.isError ? (
        <ListError message="Could not load the leaderboard." onRetry={() => void board.refetch()} />
      ) : total === 0 ? (
        <EmptyState icon={<IconTrophy size={24} />} title="No members yet">
          Accepted members appear here with the points of the labs they solve.
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <Paper withBorder style={{ opacity: board.isPlaceholderData ? 0.6 : 1 }}>
            <Table striped highlightOnHover aria-labelledby="leaderboard-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>Rank</Table.Th>
                  <Table.Th>Member</Table.Th>
                  <Table.Th ta="right">Points</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {board.data.items.map((entry) => (
                  <Table.Tr key={entry.userId}>
                    <Table.Td>{entry.rank}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">{entry.name}</Text>
                        <FirstSolveMark count={entry.firstSolves} />
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {entry.points}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <PageControls
            // Those who compete: accepted members, admins who joined aside.
            counted={`${total} ranked`}
            page={page}
            pageCount={pageCount}
            pageSize={pageSize}
            pageSizes={LEADERBOARD_PAGE_SIZES}
            onPage={setPage}
            onPageSize={setPageSize}
          />
        </Stack>
      )}
    </section>
  );
}

import type { ClassroomMember } from '@hackclass/contracts';
import { Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { EmptyState } from '@/components/feedback/list-states';
import { FirstSolveMark } from './first-solve-mark';

/**
 * The members on the leaderboard with the ranks the API gave them, in its order: the one ranking
 * the dashboard and the CSV export show too.
 */
export function Leaderboard({ members }: { members: ClassroomMember[] }) {
  const ranked = members.filter((member) => member.rank !== null);
  return (
    <section aria-labelledby="leaderboard-heading">
      <Title order={2} size="h3" id="leaderboard-heading" mb="sm">
        Leaderboard
      </Title>
      {ranked.length === 0 ? (
        <EmptyState icon={<IconTrophy size={24} />} title="No members yet">
          Accepted members appear here with the points of the labs they solve.
        </EmptyState>
      ) : (
        <Paper withBorder>
          <Table striped highlightOnHover aria-labelledby="leaderboard-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>Rank</Table.Th>
                <Table.Th>Member</Table.Th>
                <Table.Th ta="right">Points</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ranked.map((member) => (
                <Table.Tr key={member.userId}>
                  <Table.Td>{member.rank}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{member.name}</Text>
                      <FirstSolveMark count={member.firstSolves} />
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {member.points}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </section>
  );
}

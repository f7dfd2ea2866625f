import type { ClassroomMember } from '@hackclass/contracts';
import { Badge, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { EmptyState } from '@/components/feedback/list-states';
import { FirstSolveMark } from './first-solve-mark';

/** Accepted members by points, highest first (a stable sort keeps the API's tie order). */
export const rankMembers = (members: ClassroomMember[]) =>
  [...members].sort((a, b) => b.points - a.points);

export function Leaderboard({ members }: { members: ClassroomMember[] }) {
  const ranked = rankMembers(members);
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
              {ranked.map((member, index) => (
                <Table.Tr key={member.userId}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{member.name}</Text>
                      <FirstSolveMark count={member.firstSolves} />
                      {member.isCreator && (
                        <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                          Creator
                        </Badge>
                      )}
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

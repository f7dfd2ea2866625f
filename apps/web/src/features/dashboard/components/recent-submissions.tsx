import type { UserActivity } from '@hackclass/contracts';
import { Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { IconActivity, IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { EmptyState } from '@/components/feedback/list-states';
import { RelativeTime } from '@/components/time/relative-time';

type Submissions = NonNullable<UserActivity['teaching']>['recentSubmissions'];

/**
 * A deep orange on light (Mantine's orange-9 still falls under 4.5:1 on the light variant's
 * background for a badge's small text), orange-3 on dark.
 */
const sharedFlagColor = 'light-dark(#9a3412, var(--mantine-color-orange-3))';

/**
 * The latest flag submissions in the teacher's classrooms: who, which lab, right or wrong, and
 * whether a refused one was another student's per-student target flag.
 */
export function RecentSubmissions({ submissions }: { submissions: Submissions }) {
  if (submissions.length === 0) {
    return (
      <EmptyState icon={<IconActivity size={24} />} title="No submissions yet">
        When students submit flags for the labs of your classrooms, they appear here.
      </EmptyState>
    );
  }
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" aria-label="Recent submissions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Student</Table.Th>
              <Table.Th>Lab</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>When</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {submissions.map((submission) => (
              <Table.Tr key={submission.id}>
                <Table.Td>
                  <Text size="sm">{submission.name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{submission.labName}</Text>
                  <Text size="xs" c="dimmed">
                    {submission.classroomName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {submission.correct ? (
                    <Badge
                      color="green"
                      variant="light"
                      leftSection={<IconCheck size={12} aria-hidden />}
                    >
                      Correct
                    </Badge>
                  ) : (
                    <Badge
                      color="red"
                      variant="light"
                      leftSection={<IconX size={12} aria-hidden />}
                    >
                      Wrong
                    </Badge>
                  )}
                  {submission.sharedFlagOwner && (
                    <Stack gap={2} mt={4} align="flex-start">
                      <Badge
                        color="orange"
                        variant="light"
                        leftSection={<IconAlertTriangle size={12} aria-hidden />}
                        style={{ flexShrink: 0, color: sharedFlagColor }}
                      >
                        Shared flag?
                      </Badge>
                      <Text size="xs" c="dimmed">
                        flag of {submission.sharedFlagOwner.name}
                      </Text>
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <RelativeTime iso={submission.submittedAt} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

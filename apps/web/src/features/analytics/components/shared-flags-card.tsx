import type { ClassroomAnalytics } from '@hackclass/contracts';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { RelativeTime } from '@/components/time/relative-time';

type SharedFlags = ClassroomAnalytics['suspectedSharedFlags'];

/** Refused flags that were another student's per-student target flag: who passed whose, when. */
export function SharedFlagsCard({ sharedFlags }: { sharedFlags: SharedFlags }) {
  const titleId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={titleId}>
            Suspected shared flags
          </Title>
          <Text size="sm" c="dimmed">
            Flags submitted by one student that another student’s live target handed out.
          </Text>
        </div>
        {sharedFlags.length === 0 ? (
          <Text size="sm" c="dimmed">
            None so far. Labs whose targets give each student a flag of their own show them here.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lab</Table.Th>
                  <Table.Th>Submitted by</Table.Th>
                  <Table.Th>Flag of</Table.Th>
                  <Table.Th>When</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sharedFlags.map((shared) => (
                  <Table.Tr key={shared.submissionId}>
                    <Table.Td>{shared.labName}</Table.Td>
                    <Table.Td>{shared.submitter.name}</Table.Td>
                    <Table.Td>{shared.owner.name}</Table.Td>
                    <Table.Td>
                      <RelativeTime iso={shared.submittedAt} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

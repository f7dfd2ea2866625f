import type { CoTeacher } from '@hackclass/contracts';
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { RelativeTime } from '@/components/time/relative-time';

interface CoTeacherTableProps {
  coTeachers: CoTeacher[];
  /** Their own row says "Step down" rather than "Remove". */
  currentUserId: string | undefined;
  onRemove: (coTeacher: CoTeacher) => void;
}

export function CoTeacherTable({ coTeachers, currentUserId, onRemove }: CoTeacherTableProps) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm" aria-label="Co-teachers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {coTeachers.map((coTeacher) => {
            const self = coTeacher.userId === currentUserId;
            return (
              <Table.Tr key={coTeacher.userId}>
                <Table.Td>
                  <Text size="sm">{coTeacher.name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {coTeacher.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RelativeTime iso={coTeacher.addedAt} />
                </Table.Td>
                <Table.Td ta="right">
                  {coTeacher.can.remove && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => onRemove(coTeacher)}
                      aria-label={self ? 'Step down' : `Remove ${coTeacher.name}`}
                    >
                      {self ? 'Step down' : 'Remove'}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

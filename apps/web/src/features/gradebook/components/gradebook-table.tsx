import type { GradebookLab, GradebookStudent } from '@hackclass/contracts';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format-date-time';
import { GradebookCell } from './gradebook-cell';
import classes from './gradebook-table.module.css';

interface GradebookTableProps {
  labs: GradebookLab[];
  students: GradebookStudent[];
  /** Managers open a student's timeline from their name. */
  onOpenStudent?: (student: GradebookStudent) => void;
}

/** Students × labs: each cell the points earned, a late mark, the solve time on hover. */
export function GradebookTable({ labs, students, onOpenStudent }: GradebookTableProps) {
  return (
    <Table.ScrollContainer minWidth={360 + labs.length * 120} type="native">
      <Table highlightOnHover verticalSpacing="xs" aria-label="Gradebook">
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.sticky}>Student</Table.Th>
            <Table.Th className={classes.narrow} ta="right">
              Total
            </Table.Th>
            <Table.Th className={classes.narrow} ta="right">
              Solved
            </Table.Th>
            {labs.map((lab) => (
              <Table.Th key={lab.id} miw={110}>
                <Stack gap={0}>
                  <Text span size="sm" fw={600} lineClamp={2}>
                    {lab.name}
                  </Text>
                  <Text span size="xs" c="dimmed" fw={400}>
                    {lab.points} pts
                    {lab.dueAt && ` · due ${formatDateTime(lab.dueAt)}`}
                    {lab.dueAt && lab.latePercent < 100 && ` · late ${lab.latePercent}%`}
                  </Text>
                </Stack>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student) => (
            <Table.Tr key={student.userId}>
              <Table.Th scope="row" className={classes.sticky} fw={500}>
                {onOpenStudent ? (
                  <Anchor
                    component="button"
                    type="button"
                    fw={500}
                    size="sm"
                    onClick={() => onOpenStudent(student)}
                    aria-label={`${student.name}: open timeline`}
                  >
                    {student.name}
                  </Anchor>
                ) : (
                  student.name
                )}
              </Table.Th>
              <Table.Td ta="right" fw={600}>
                {student.total}
              </Table.Td>
              <Table.Td ta="right">
                {student.solved}/{labs.length}
              </Table.Td>
              {student.cells.map((cell) => (
                <Table.Td key={cell.labId}>
                  <GradebookCell cell={cell} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

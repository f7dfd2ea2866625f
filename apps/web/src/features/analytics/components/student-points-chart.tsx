import type { ClassroomAnalytics } from '@hackclass/contracts';
import { Table, Text } from '@mantine/core';
import { BarChart } from '@/components/charts/bar-chart';
import { ChartCard } from '@/components/charts/chart-card';

const pointsText = (points: number) => (points === 1 ? '1 pt' : `${points} pts`);

export function StudentPointsChart({ students }: { students: ClassroomAnalytics['students'] }) {
  return (
    <ChartCard
      title="Progress per student"
      description="Points of each accepted member, best first."
      chart={
        students.length === 0 ? (
          <Text size="sm" c="dimmed">
            No students yet. Share the join code or invite them from the Members tab.
          </Text>
        ) : (
          <BarChart
            data={students.map((student) => ({
              key: student.userId,
              label: student.name,
              value: student.points,
              display: pointsText(student.points),
            }))}
            summary={`Points per student: ${students.map((student) => `${student.name} ${student.points}`).join(', ')}.`}
          />
        )
      }
      table={
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-label="Progress per student">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Student</Table.Th>
                <Table.Th ta="right">Points</Table.Th>
                <Table.Th ta="right">Labs solved</Table.Th>
                <Table.Th ta="right">Submissions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.map((student) => (
                <Table.Tr key={student.userId}>
                  <Table.Td>{student.name}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {student.points}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {student.solved}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {student.submissions}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      }
    />
  );
}

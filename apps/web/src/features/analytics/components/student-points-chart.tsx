import type { ClassroomAnalytics } from '@hackclass/contracts';
import { Text } from '@mantine/core';
import { BarChart } from '@/components/charts/bar-chart';
import { ChartCard } from '@/components/charts/chart-card';
import { NumbersTable } from '@/components/charts/numbers-table';

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
        <NumbersTable
          label="Progress per student"
          minWidth={420}
          rows={students}
          rowKey={(student) => student.userId}
          columns={[
            { header: 'Student', cell: (student) => student.name },
            { header: 'Points', cell: (student) => student.points, numeric: true },
            { header: 'Labs solved', cell: (student) => student.solved, numeric: true },
            { header: 'Submissions', cell: (student) => student.submissions, numeric: true },
          ]}
        />
      }
    />
  );
}

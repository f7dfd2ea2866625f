import type { ClassroomAnalytics } from '@hackclass/contracts';
import { Text } from '@mantine/core';
import { BarChart } from '@/components/charts/bar-chart';
import { ChartCard } from '@/components/charts/chart-card';
import { NumbersTable } from '@/components/charts/numbers-table';

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

export function LabRatesChart({ labs }: { labs: ClassroomAnalytics['labs'] }) {
  return (
    <ChartCard
      title="Solve rate per lab"
      description="Share of the accepted members who solved each lab."
      chart={
        labs.length === 0 ? (
          <Text size="sm" c="dimmed">
            No labs yet. Add labs to this classroom to follow how they go.
          </Text>
        ) : (
          <BarChart
            data={labs.map((lab) => ({
              key: lab.labId,
              label: lab.name,
              value: lab.solveRate,
              display: percent(lab.solveRate),
            }))}
            max={1}
            summary={`Solve rate per lab: ${labs.map((lab) => `${lab.name} ${percent(lab.solveRate)}`).join(', ')}.`}
          />
        )
      }
      table={
        <NumbersTable
          label="Solve rate per lab"
          minWidth={420}
          rows={labs}
          rowKey={(lab) => lab.labId}
          columns={[
            { header: 'Lab', cell: (lab) => lab.name },
            { header: 'Points', cell: (lab) => lab.points, numeric: true },
            { header: 'Solves', cell: (lab) => lab.solveCount, numeric: true },
            { header: 'Attempts', cell: (lab) => lab.attemptCount, numeric: true },
            { header: 'Solve rate', cell: (lab) => percent(lab.solveRate), numeric: true },
          ]}
        />
      }
    />
  );
}

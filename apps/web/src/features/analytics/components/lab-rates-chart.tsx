import type { ClassroomAnalytics } from '@hackclass/contracts';
import { Table, Text } from '@mantine/core';
import { BarChart } from '@/components/charts/bar-chart';
import { ChartCard } from '@/components/charts/chart-card';

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
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-label="Solve rate per lab">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lab</Table.Th>
                <Table.Th ta="right">Points</Table.Th>
                <Table.Th ta="right">Solves</Table.Th>
                <Table.Th ta="right">Attempts</Table.Th>
                <Table.Th ta="right">Solve rate</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {labs.map((lab) => (
                <Table.Tr key={lab.labId}>
                  <Table.Td>{lab.name}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {lab.points}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {lab.solveCount}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {lab.attemptCount}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {percent(lab.solveRate)}
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

import type { ClassroomAnalytics } from '@hackclass/contracts';
import { Text } from '@mantine/core';
import { ChartCard } from '@/components/charts/chart-card';
import { ColumnChart } from '@/components/charts/column-chart';
import { NumbersTable } from '@/components/charts/numbers-table';
import { SOLVE_DAYS_SHOWN, solveDays } from '../utils/solve-days';

const dayLabel = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const labelOf = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
const solvesText = (count: number) => (count === 1 ? '1 solve' : `${count} solves`);

export function SolvesChart({
  solvesPerDay,
}: {
  solvesPerDay: ClassroomAnalytics['solvesPerDay'];
}) {
  const days = solveDays(solvesPerDay);
  const first = days[0];
  const last = days.at(-1);
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const peak = days.reduce<(typeof days)[number] | undefined>(
    (best, day) => (!best || day.count > best.count ? day : best),
    undefined,
  );
  const summary =
    first && last && peak
      ? `${solvesText(total)} from ${labelOf(first.date)} to ${labelOf(last.date)}, most on ${labelOf(peak.date)} (${peak.count}).`
      : 'No solves yet.';

  return (
    <ChartCard
      title="Solves per day"
      description={`Labs solved by accepted members, per UTC day (the last ${SOLVE_DAYS_SHOWN} days at most).`}
      chart={
        days.length === 0 ? (
          <Text size="sm" c="dimmed">
            No solves yet. They appear here as students submit correct flags.
          </Text>
        ) : (
          <ColumnChart
            data={days.map((day) => ({
              key: day.date,
              label: labelOf(day.date),
              value: day.count,
            }))}
            summary={`Solves per day: ${summary}`}
            formatValue={solvesText}
          />
        )
      }
      table={
        <NumbersTable
          label="Solves per day"
          minWidth={240}
          maxHeight={320}
          rows={days}
          rowKey={(day) => day.date}
          columns={[
            {
              header: 'Day',
              cell: (day) => <time dateTime={day.date}>{labelOf(day.date)}</time>,
            },
            { header: 'Solves', cell: (day) => day.count, numeric: true },
          ]}
        />
      }
    />
  );
}

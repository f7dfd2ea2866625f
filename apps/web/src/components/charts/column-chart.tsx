import { Group, Text } from '@mantine/core';
import classes from './charts.module.css';

export interface ColumnDatum {
  key: string;
  /** The column's name on the axis and in its tooltip, e.g. a date. */
  label: string;
  value: number;
}

interface ColumnChartProps {
  data: ColumnDatum[];
  /** What the chart shows, read by screen readers in place of the columns. */
  summary: string;
  /** The unit of a value in tooltips: `(3) => '3 solves'`. */
  formatValue: (value: number) => string;
}

/** Vertical columns from a zero baseline, scaled to the largest value; first and last labelled. */
export function ColumnChart({ data, summary, formatValue }: ColumnChartProps) {
  const max = Math.max(1, ...data.map((datum) => datum.value));
  const first = data[0];
  const last = data.at(-1);
  return (
    <div>
      <Text size="xs" c="dimmed" aria-hidden>
        {max}
      </Text>
      <div className={classes.columns} role="img" aria-label={summary}>
        {data.map((datum) => (
          <div key={datum.key} className={classes.slot}>
            <div
              className={classes.column}
              style={{ height: `${(datum.value / max) * 100}%` }}
              title={`${datum.label}: ${formatValue(datum.value)}`}
            />
          </div>
        ))}
      </div>
      <Group justify="space-between" gap="xs" mt={4} aria-hidden>
        <Text size="xs" c="dimmed">
          {first?.label}
        </Text>
        {last && last !== first && (
          <Text size="xs" c="dimmed">
            {last.label}
          </Text>
        )}
      </Group>
    </div>
  );
}

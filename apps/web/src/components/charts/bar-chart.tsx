import { Group, Stack, Text } from '@mantine/core';
import classes from './charts.module.css';

export interface BarDatum {
  key: string;
  label: string;
  value: number;
  /** The value as shown beside its bar, e.g. `50%` or `300 pts`. */
  display: string;
}

interface BarChartProps {
  data: BarDatum[];
  /** The value of a full bar; the largest value when absent. */
  max?: number;
  /** What the chart shows, read by screen readers in place of the bars. */
  summary: string;
}

/** Horizontal bars, one a row, each with its label above and its value beside it. */
export function BarChart({ data, max, summary }: BarChartProps) {
  const full = max ?? Math.max(1, ...data.map((datum) => datum.value));
  return (
    <Stack gap="xs" role="img" aria-label={summary}>
      {data.map((datum) => (
        <div key={datum.key}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {datum.label}
            </Text>
            <Text size="sm" ff="monospace" style={{ flexShrink: 0 }}>
              {datum.display}
            </Text>
          </Group>
          <div className={classes.barTrack}>
            <div
              className={classes.bar}
              style={{ width: `${Math.min(100, (datum.value / full) * 100)}%` }}
            />
          </div>
        </div>
      ))}
    </Stack>
  );
}

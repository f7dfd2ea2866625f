import { Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';

interface ChartCardProps {
  title: string;
  description?: string;
  chart: ReactNode;
  /** The same numbers as a table, for those who cannot or would rather not read the chart. */
  table: ReactNode;
}

/** A titled chart that can switch to a table of its numbers. */
export function ChartCard({ title, description, chart, table }: ChartCardProps) {
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          <Switch
            label="Show as table"
            size="sm"
            checked={asTable}
            onChange={(event) => setAsTable(event.currentTarget.checked)}
          />
        </Group>
        {asTable ? table : chart}
      </Stack>
    </Paper>
  );
}

import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import classes from './rows.module.css';

interface LabRow {
  classroomId: string;
  classroomName: string;
  labId: string;
  labName: string;
  labSlug: string;
}

/** Labs of the user's classrooms, each linked in its classroom, with `aside` on its right. */
export function LabRows<Row extends LabRow>({
  label,
  rows,
  aside,
}: {
  label: string;
  rows: Row[];
  aside: (row: Row) => ReactNode;
}) {
  return (
    <Paper withBorder>
      <Stack component="ul" gap={0} aria-label={label} className={classes.rows}>
        {rows.map((row) => (
          <Group
            component="li"
            key={`${row.classroomId}-${row.labId}`}
            justify="space-between"
            gap="xs"
            px="md"
            py="sm"
          >
            <div style={{ minWidth: 0 }}>
              <Anchor
                component={Link}
                to={paths.hackingLab.getHref(row.labSlug, row.classroomId)}
                fw={600}
              >
                {row.labName}
              </Anchor>
              <Text size="sm" c="dimmed" truncate>
                {row.classroomName}
              </Text>
            </div>
            <Group gap="sm" wrap="nowrap">
              {aside(row)}
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

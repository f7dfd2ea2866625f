import type { LabImportReport } from '@hackclass/contracts';
import { Alert, Anchor, Card, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ImportedTargets } from './imported-targets';

/** Labs named in the report, each with the fields of its source that did not map. */
const byLab = (notMapped: LabImportReport['notMapped']) => {
  const groups = new Map<string, LabImportReport['notMapped']>();
  for (const entry of notMapped) groups.set(entry.lab, [...(groups.get(entry.lab) ?? []), entry]);
  return [...groups];
};

/**
 * What an import created, the live targets waiting to be added, what it skipped and what of the
 * source did not map.
 */
export function ImportReport({ report }: { report: LabImportReport }) {
  const { dryRun, created, skipped, notMapped, targets } = report;
  const labs = `${created.length} ${created.length === 1 ? 'lab' : 'labs'}`;
  return (
    <Stack gap="lg" aria-live="polite">
      <Card withBorder padding="lg" component="section" aria-labelledby="import-created">
        <Title order={2} size="h4" id="import-created" mb="sm">
          {dryRun
            ? created.length === 0
              ? 'No lab would be created'
              : `${labs} would be created`
            : created.length === 0
              ? 'No lab was created'
              : `${labs} created`}
        </Title>
        {created.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing in the upload could be imported: see why below.
          </Text>
        ) : (
          <List
            spacing="xs"
            icon={<IconCircleCheck size={18} color="var(--mantine-color-green-6)" aria-hidden />}
          >
            {created.map((lab) => (
              <List.Item key={lab.id ?? lab.name}>
                {lab.slug ? (
                  <Anchor component={Link} to={paths.hackingLab.getHref(lab.slug)}>
                    {lab.name}
                  </Anchor>
                ) : (
                  lab.name
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Card>
      <ImportedTargets targets={targets} dryRun={dryRun} />
      {skipped.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={dryRun ? `${skipped.length} would be skipped` : `${skipped.length} skipped`}
        >
          <List spacing={4} size="sm">
            {skipped.map((lab) => (
              <List.Item key={lab.source ?? lab.name}>
                <Text span fw={600} size="sm">
                  {lab.name}
                </Text>
                {lab.source && (
                  <Text span size="sm" ff="monospace">
                    {' '}
                    ({lab.source})
                  </Text>
                )}
                : {lab.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {notMapped.length > 0 && (
        <Card withBorder padding="lg" component="section" aria-labelledby="import-not-mapped">
          <Title order={2} size="h4" id="import-not-mapped" mb={4}>
            Not mapped
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            What the source held that has no place in a HackClass lab, and why.
          </Text>
          <Stack gap="md">
            {byLab(notMapped).map(([lab, entries]) => (
              <Stack key={lab} gap={4}>
                <Title order={3} size="h5">
                  {lab}
                </Title>
                {entries[0]?.source && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {entries[0].source}
                  </Text>
                )}
                <Table.ScrollContainer minWidth={420}>
                  <Table verticalSpacing={6} aria-label={`Not mapped in ${lab}`}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w="28%">Field</Table.Th>
                        <Table.Th>Why</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {entries.map((entry) => (
                        <Table.Tr key={`${entry.field}:${entry.reason}`}>
                          <Table.Td>
                            <Text size="sm" ff="monospace">
                              {entry.field}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{entry.reason}</Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

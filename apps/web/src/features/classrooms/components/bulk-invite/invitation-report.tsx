import {
  INVITATION_OUTCOMES,
  type InvitationOutcome,
  type InvitationResult,
} from '@hackclass/contracts';
import { toCsv } from '@hackclass/contracts/csv';
import { Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { csvFileName } from '@/lib/csv';
import { saveCsv } from '@/lib/save-file';
import { OutcomeBadge, outcomeLabels } from './listed-address-badge';

const reportCsv = (results: InvitationResult[]) =>
  toCsv([
    ['Email', 'Outcome', 'Reason'],
    ...results.map((result) => [result.email, outcomeLabels[result.outcome], result.reason]),
  ]);

/** What became of every address of the list, to read here or download. */
export function InvitationReport({ results }: { results: InvitationResult[] }) {
  const count = (outcome: InvitationOutcome) =>
    results.filter((result) => result.outcome === outcome).length;
  const notInvited = results.filter((result) => result.outcome !== 'invited');
  return (
    <Stack gap="sm">
      <Group gap="lg" role="status">
        {INVITATION_OUTCOMES.map((outcome) => (
          <Text key={outcome} fw={500}>
            {outcomeLabels[outcome]}: {count(outcome)}
          </Text>
        ))}
      </Group>
      {notInvited.length > 0 && (
        <ScrollArea.Autosize
          mah={320}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Addresses not invited' }}
        >
          <Table striped stickyHeader captionSide="top">
            <Table.Caption>Addresses not invited, and why</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notInvited.map((result, place) => (
                // A list may hold the same invalid text more than once.
                // biome-ignore lint/suspicious/noArrayIndexKey: the report never reorders
                <Table.Tr key={place}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{result.email}</Table.Td>
                  <Table.Td>
                    <OutcomeBadge outcome={result.outcome} />
                  </Table.Td>
                  <Table.Td>{result.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() =>
          saveCsv(reportCsv(results), csvFileName('invitations', 'report', new Date()))
        }
        style={{ alignSelf: 'flex-start' }}
      >
        Download report (CSV)
      </Button>
    </Stack>
  );
}

import {
  type InvitationPreview,
  LISTED_ADDRESS_STATUSES,
  type ListedAddressStatus,
} from '@hackclass/contracts';
import { ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ListedAddressBadge, listedAddressLabels } from './listed-address-badge';

type Filter = ListedAddressStatus | 'all';

/** Every address of the list with where it stands, filtered by status. */
export function InvitationPreviewTable({ preview }: { preview: InvitationPreview }) {
  const [filter, setFilter] = useState<Filter>('all');
  // Each row keeps its place in the list as its key: a line may list the same text twice.
  const rows = preview.rows
    .map((row, place) => ({ ...row, place }))
    .filter((row) => filter === 'all' || row.status === filter);
  const present = LISTED_ADDRESS_STATUSES.filter((status) => preview.counts[status] > 0);
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Show addresses"
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={[
          { value: 'all', label: `All (${preview.rows.length})` },
          ...present.map((status) => ({
            value: status,
            label: `${listedAddressLabels[status]} (${preview.counts[status]})`,
          })),
        ]}
        style={{ alignSelf: 'flex-start', flexWrap: 'wrap' }}
      />
      <ScrollArea.Autosize
        mah={360}
        type="auto"
        // Focusable, so that keyboard users can scroll a long list.
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Addresses in the list' }}
      >
        <Table striped stickyHeader>
          <Table.Caption>
            <Text size="sm" c="dimmed" span>
              {rows.length === 1 ? '1 address' : `${rows.length} addresses`}
            </Text>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Note</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.place}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.email}</Table.Td>
                <Table.Td>
                  <ListedAddressBadge status={row.status} />
                </Table.Td>
                <Table.Td>{row.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

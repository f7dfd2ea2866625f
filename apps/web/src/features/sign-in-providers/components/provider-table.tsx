import type { SignInProvider } from '@hackclass/contracts';
import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  ProviderActionButtons,
  type ProviderActions,
  ProviderBadges,
  ProviderDomains,
} from './provider-controls';

/** The providers as a table, for screens wide enough to hold its columns. */
export function ProviderTable({
  providers,
  ...actions
}: { providers: SignInProvider[] } & ProviderActions) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Sign-in providers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Provider</Table.Th>
            <Table.Th>Issuer</Table.Th>
            <Table.Th>Domains</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {providers.map((provider) => (
            <Table.Tr key={provider.id}>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {provider.displayName}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {provider.id}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {provider.issuer}
                </Text>
              </Table.Td>
              <Table.Td>
                <ProviderDomains provider={provider} />
              </Table.Td>
              <Table.Td>
                <ProviderBadges provider={provider} />
              </Table.Td>
              <Table.Td>
                <ProviderActionButtons provider={provider} wrap="nowrap" {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

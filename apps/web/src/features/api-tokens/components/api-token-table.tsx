import type { ApiToken, OwnedApiToken } from '@hackclass/contracts';
import { Badge, Button, Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { RelativeTime } from '@/components/time/relative-time';
import { formatDateTime } from '@/lib/format-date-time';
import { isExpired, scopeLabels } from '../utils/token-facts';

interface ApiTokenTableProps<Token extends ApiToken> {
  caption: string;
  tokens: Token[];
  onRevoke: (token: Token) => void;
  /** Whose each token is: admins see everyone's. */
  withOwner?: boolean;
}

/** Tokens by name and prefix, with their scopes, last use and expiry, each revocable. */
export function ApiTokenTable<Token extends ApiToken | OwnedApiToken>({
  caption,
  tokens,
  onRevoke,
  withOwner = false,
}: ApiTokenTableProps<Token>) {
  return (
    <Table.ScrollContainer minWidth={withOwner ? 760 : 600}>
      <Table verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Token</Table.Th>
            {withOwner && <Table.Th>Owner</Table.Th>}
            <Table.Th>Scopes</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {token.name}
                  </Text>
                  <Code w="fit-content">{token.prefix}…</Code>
                </Stack>
              </Table.Td>
              {withOwner && 'owner' in token && (
                <Table.Td>
                  <Text size="sm">{token.owner.name}</Text>
                  <Text size="xs" c="dimmed">
                    {token.owner.email}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <Group gap={4}>
                  {token.scopes.map((scope) => (
                    <Badge key={scope} variant="light" color={scope === 'admin' ? 'red' : 'gray'}>
                      {scopeLabels[scope]}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                {token.lastUsedAt ? (
                  <RelativeTime iso={token.lastUsedAt} />
                ) : (
                  <Text size="sm" c="dimmed">
                    Never
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {isExpired(token) ? (
                  <Badge color="gray" variant="outline">
                    Expired
                  </Badge>
                ) : (
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={token.expiresAt}>{formatDateTime(token.expiresAt)}</time>
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => onRevoke(token)}
                  aria-label={`Revoke the token ${token.name}`}
                >
                  {isExpired(token) ? 'Remove' : 'Revoke'}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

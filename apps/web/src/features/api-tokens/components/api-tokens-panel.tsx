import { API_TOKENS_PER_USER, type ApiToken } from '@hackclass/contracts';
import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, ListError, ListSkeleton } from '@/components/feedback/list-states';
import { useApiTokens } from '../api/get-api-tokens';
import { isExpired } from '../utils/token-facts';
import { ApiTokenTable } from './api-token-table';
import { CreateApiTokenModal } from './create-api-token-modal';
import { RevokeApiTokenModal } from './revoke-api-token-modal';

/** A person's personal API tokens: what they are for, the list, creating and revoking. */
export function ApiTokensPanel({ isAdmin }: { isAdmin: boolean }) {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const held = tokens.data?.tokens.filter((token) => !isExpired(token)).length ?? 0;
  const full = held >= API_TOKENS_PER_USER;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="api-tokens-heading">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} maw={560}>
            <Title order={2} size="h3" id="api-tokens-heading">
              API tokens
            </Title>
            <Text size="sm" c="dimmed">
              For scripts and CI: a token calls the API as you, without a browser, sent as{' '}
              <Code>Authorization: Bearer hcp_…</Code>. It does only what its scopes allow, and
              stops working when it expires or you revoke it.
            </Text>
          </Stack>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            disabled={full}
          >
            Create token
          </Button>
        </Group>
        {full && (
          <Text size="sm" c="dimmed">
            You hold the {API_TOKENS_PER_USER} tokens a person may: revoke one to create another.
          </Text>
        )}
        {tokens.isPending ? (
          <ListSkeleton label="Loading your API tokens" rows={2} rowHeight={48} />
        ) : tokens.isError ? (
          <ListError
            message="Could not load your API tokens."
            onRetry={() => void tokens.refetch()}
          />
        ) : tokens.data.tokens.length === 0 ? (
          <EmptyState icon={<IconKey size={24} />} title="No API tokens">
            Create one for a script that exports grades or imports labs.
          </EmptyState>
        ) : (
          <ApiTokenTable
            caption="Your API tokens"
            tokens={tokens.data.tokens}
            onRevoke={setRevoking}
          />
        )}
      </Stack>
      <CreateApiTokenModal opened={creating} onClose={() => setCreating(false)} isAdmin={isAdmin} />
      <RevokeApiTokenModal token={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}

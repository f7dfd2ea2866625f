import type { OwnedApiToken } from '@hackclass/contracts';
import { Group, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, ListError, ListSkeleton } from '@/components/feedback/list-states';
import { SearchField } from '@/components/form/search-field';
import { PageControls } from '@/components/paging/page-controls';
import { useAllApiTokens } from '../api/get-all-api-tokens';
import { ApiTokenTable } from './api-token-table';
import { RevokeApiTokenModal } from './revoke-api-token-modal';

const PAGE_SIZES = [25, 50, 100] as const;

/** Every person's API tokens, for admins: searched by owner, paged, each revocable. */
export function AllApiTokensPanel() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [revoking, setRevoking] = useState<OwnedApiToken | null>(null);
  const tokens = useAllApiTokens({ search: debouncedSearch, page, pageSize });

  const total = tokens.data?.total ?? 0;
  const pageCount = Math.max(1, tokens.data?.pageCount ?? 1);
  if (tokens.data && page > pageCount) setPage(pageCount);

  return (
    <Stack>
      <Group>
        <SearchField
          label="Search"
          placeholder="Owner’s email or name"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          basis={220}
          maxWidth={360}
        />
      </Group>
      {tokens.isPending ? (
        <ListSkeleton label="Loading API tokens" rows={4} rowHeight={48} />
      ) : tokens.isError ? (
        <ListError message="Could not load the API tokens." onRetry={() => void tokens.refetch()} />
      ) : tokens.data.items.length === 0 ? (
        <EmptyState icon={<IconKey size={24} />} title="No API tokens">
          {debouncedSearch.trim()
            ? 'No token belongs to someone matching the search.'
            : 'Nobody has created an API token.'}
        </EmptyState>
      ) : (
        <Paper withBorder style={{ opacity: tokens.isPlaceholderData ? 0.6 : 1 }}>
          <ApiTokenTable
            caption="Everyone’s API tokens"
            tokens={tokens.data.items}
            onRevoke={setRevoking}
            withOwner
          />
        </Paper>
      )}
      <PageControls
        counted={total === 1 ? '1 token' : `${total} tokens`}
        page={page}
        pageCount={pageCount}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPage={setPage}
        onPageSize={setPageSize}
      />
      <RevokeApiTokenModal token={revoking} onClose={() => setRevoking(null)} asAdmin />
    </Stack>
  );
}

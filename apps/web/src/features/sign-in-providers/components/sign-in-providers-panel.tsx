import type { SignInProvider } from '@hackclass/contracts';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { EmptyState, ListError, ListSkeleton } from '@/components/feedback/list-states';
import { useCheckSignInProvider } from '../api/check-sign-in-provider';
import { useDeleteSignInProvider } from '../api/delete-sign-in-provider';
import { useSignInProviders } from '../api/get-sign-in-providers';
import { ProviderCards } from './provider-cards';
import { ProviderCheckModal } from './provider-check-modal';
import type { ProviderActions } from './provider-controls';
import { ProviderFormModal } from './provider-form-modal';
import { ProviderTable } from './provider-table';

/** The form's state: closed, adding (`null`), or editing a provider. */
type Editing = { provider: SignInProvider | null } | null;

/** The schools' sign-in providers: listed, added, edited, tested and deleted (with a confirmation). */
export function SignInProvidersPanel() {
  const providers = useSignInProviders();
  const check = useCheckSignInProvider();
  const remove = useDeleteSignInProvider();
  const [editing, setEditing] = useState<Editing>(null);
  const [testing, setTesting] = useState<SignInProvider | null>(null);
  const [deleting, setDeleting] = useState<SignInProvider | null>(null);

  const test = (provider: SignInProvider) => {
    setTesting(provider);
    check.mutate(provider.id);
  };
  const actions: ProviderActions = {
    onTest: test,
    onEdit: (provider) => setEditing({ provider }),
    onDelete: setDeleting,
    testingId: check.isPending ? check.variables : undefined,
  };
  const addButton = (
    <Button
      leftSection={<IconPlus size={18} aria-hidden />}
      onClick={() => setEditing({ provider: null })}
    >
      Add a provider
    </Button>
  );

  return (
    <Stack>
      {providers.isPending ? (
        <ListSkeleton label="Loading sign-in providers" rows={3} rowHeight={56} />
      ) : providers.isError ? (
        <ListError
          message="Could not load the sign-in providers."
          onRetry={() => void providers.refetch()}
        />
      ) : providers.data.length === 0 ? (
        <EmptyState
          icon={<IconKey size={24} />}
          title="No sign-in providers yet"
          action={addButton}
        >
          A provider is your school’s own sign-in service, such as Google Workspace or Microsoft
          Entra ID, speaking OpenID Connect. Once added, the sign-in page shows a “Continue with”
          button for it, and people sign in with their school account instead of a password.
        </EmptyState>
      ) : (
        <>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {providers.data.length === 1 ? '1 provider' : `${providers.data.length} providers`},
              each a “Continue with” button on the sign-in page while it is on.
            </Text>
            {addButton}
          </Group>
          <Paper withBorder>
            <Box visibleFrom="md">
              <ProviderTable providers={providers.data} {...actions} />
            </Box>
            <Box hiddenFrom="md">
              <ProviderCards providers={providers.data} {...actions} />
            </Box>
          </Paper>
        </>
      )}

      <ProviderFormModal
        opened={editing !== null}
        provider={editing?.provider ?? null}
        takenIds={providers.data?.map((provider) => provider.id) ?? []}
        onClose={() => setEditing(null)}
      />

      <ProviderCheckModal
        provider={testing}
        pending={check.isPending}
        checks={check.data}
        error={check.error}
        onRetry={() => testing && test(testing)}
        onClose={() => {
          setTesting(null);
          check.reset();
        }}
      />

      <ConfirmModal
        opened={deleting !== null}
        title="Delete provider"
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })
        }
      >
        {deleting &&
          `Delete ${deleting.displayName}? Its button leaves the sign-in page. The accounts that ` +
            'signed in with it stay, with their classrooms and work: people who also have a ' +
            'password, or another provider linked, sign in with that; people who only ever ' +
            `signed in through ${deleting.displayName} must reset a password (“Forgot your ` +
            'password?” on the sign-in page) to sign in again.'}
      </ConfirmModal>
    </Stack>
  );
}

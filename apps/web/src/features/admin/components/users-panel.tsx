import type { ManagedUser, RoleId } from '@hackclass/contracts';
import { Box, Checkbox, Group, Paper, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { EmptyState, ListError, ListSkeleton } from '@/components/feedback/list-states';
import { SearchField } from '@/components/form/search-field';
import { PageControls } from '@/components/paging/page-controls';
import { useApproveTeacher } from '../api/approve-teacher';
import { useChangeUserRole } from '../api/change-user-role';
import { useUsers } from '../api/get-users';
import { useSetUserDisabled } from '../api/set-user-disabled';
import { roleLabels, roleOptions, toRoleId } from '../utils/roles';
import { DeleteUserModal } from './delete-user-modal';
import { UserCards } from './user-cards';
import { nameOf, type UserActions } from './user-controls';
import { UserTable } from './user-table';

const PAGE_SIZES = [10, 20, 50, 100] as const;

interface UsersPanelProps {
  /** The signed-in admin. */
  currentUserId: string;
}

/** Every user: search, role filter, paging, and the role and account changes, confirmed. */
export function UsersPanel({ currentUserId }: UsersPanelProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [role, setRole] = useState<RoleId | null>(null);
  const [awaitingApproval, setAwaitingApproval] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  const [roleChange, setRoleChange] = useState<{ user: ManagedUser; roleId: RoleId } | null>(null);
  const [toggling, setToggling] = useState<ManagedUser | null>(null);
  const [deleting, setDeleting] = useState<ManagedUser | null>(null);

  const users = useUsers({ search: debouncedSearch, role, awaitingApproval, page, pageSize });
  const changeRole = useChangeUserRole();
  const setDisabled = useSetUserDisabled();
  const approveTeacher = useApproveTeacher();
  const actions: UserActions = {
    currentUserId,
    onRoleChange: (user, roleId) => setRoleChange({ user, roleId }),
    onToggleDisabled: setToggling,
    onDelete: setDeleting,
    onApproveTeacher: (user) => approveTeacher.mutate(user.id),
    approvingId: approveTeacher.isPending ? approveTeacher.variables : undefined,
  };

  const total = users.data?.total ?? 0;
  const pageCount = Math.max(1, users.data?.pageCount ?? 1);
  if (users.data && page > pageCount) setPage(pageCount);

  return (
    <Stack>
      <Group align="flex-end" gap="sm">
        <SearchField
          label="Search"
          placeholder="Email or name"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          basis={220}
          maxWidth={360}
        />
        <Select
          label="Role"
          placeholder="All roles"
          data={roleOptions}
          value={role === null ? null : String(role)}
          onChange={(value) => {
            setRole(toRoleId(value));
            setPage(1);
          }}
          clearable
          style={{ flex: '0 1 180px' }}
        />
        <Checkbox
          label="Awaiting approval as teacher"
          checked={awaitingApproval}
          onChange={(event) => {
            setAwaitingApproval(event.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>

      {users.isPending ? (
        <ListSkeleton label="Loading users" rows={5} rowHeight={40} />
      ) : users.isError ? (
        <ListError message="Could not load the users." onRetry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <EmptyState icon={<IconUsers size={24} />} title="No users found">
          {awaitingApproval
            ? 'No teacher is awaiting approval.'
            : 'No user matches the search or the role.'}
        </EmptyState>
      ) : (
        <Paper withBorder style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
          <Box visibleFrom="md">
            <UserTable users={users.data.items} {...actions} />
          </Box>
          <Box hiddenFrom="md">
            <UserCards users={users.data.items} {...actions} />
          </Box>
        </Paper>
      )}

      <PageControls
        counted={total === 1 ? '1 user' : `${total} users`}
        page={page}
        pageCount={pageCount}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPage={setPage}
        onPageSize={setPageSize}
      />

      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />

      <ConfirmModal
        opened={roleChange !== null}
        title="Change role"
        danger={false}
        confirmLabel="Change role"
        loading={changeRole.isPending}
        onClose={() => setRoleChange(null)}
        onConfirm={() =>
          roleChange &&
          changeRole.mutate(
            { userId: roleChange.user.id, roleId: roleChange.roleId },
            { onSettled: () => setRoleChange(null) },
          )
        }
      >
        {roleChange &&
          `Make ${nameOf(roleChange.user)} ${articled(roleLabels[roleChange.roleId])}? ` +
            'What they may do changes with their next request.'}
      </ConfirmModal>

      <ConfirmModal
        opened={toggling !== null}
        title={toggling?.disabled ? 'Enable account' : 'Disable account'}
        confirmLabel={toggling?.disabled ? 'Enable' : 'Disable'}
        danger={!toggling?.disabled}
        loading={setDisabled.isPending}
        onClose={() => setToggling(null)}
        onConfirm={() =>
          toggling &&
          setDisabled.mutate(
            { userId: toggling.id, disabled: !toggling.disabled },
            { onSettled: () => setToggling(null) },
          )
        }
      >
        {toggling &&
          (toggling.disabled
            ? `Enable ${nameOf(toggling)}’s account? They can sign in and use HackClass again.`
            : `Disable ${nameOf(toggling)}’s account? They are signed out, and cannot sign in until an admin enables the account again.`)}
      </ConfirmModal>
    </Stack>
  );
}

const articled = (label: string) => `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label.toLowerCase()}`;

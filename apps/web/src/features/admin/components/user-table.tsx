import type { ManagedUser } from '@hackclass/contracts';
import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  ApproveTeacherButton,
  DeleteUserButton,
  nameOf,
  RoleSelect,
  SelfBadge,
  StatusBadges,
  ToggleDisabledButton,
  type UserActions,
} from './user-controls';

/** The users as a table, for screens wide enough to hold its columns. */
export function UserTable({ users, ...actions }: { users: ManagedUser[] } & UserActions) {
  return (
    <Table highlightOnHover verticalSpacing="sm" aria-label="Users">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th>Role</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => (
          <Table.Tr key={user.id}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {nameOf(user)}
                </Text>
                <SelfBadge user={user} currentUserId={actions.currentUserId} />
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <RoleSelect user={user} {...actions} />
            </Table.Td>
            <Table.Td>
              <StatusBadges user={user} />
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <ApproveTeacherButton user={user} {...actions} />
                <ToggleDisabledButton user={user} {...actions} />
                <DeleteUserButton user={user} {...actions} />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

import type { ManagedUser } from '@hackclass/contracts';
import { Group, Stack, Text } from '@mantine/core';
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

/** The users as a list of cards, for phones. */
export function UserCards({ users, ...actions }: { users: ManagedUser[] } & UserActions) {
  return (
    <Stack component="ul" gap={0} p={0} m={0} aria-label="Users" style={{ listStyle: 'none' }}>
      {users.map((user, index) => (
        <Stack
          component="li"
          key={user.id}
          gap="xs"
          p="md"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : {}}
        >
          <div>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {nameOf(user)}
              </Text>
              <SelfBadge user={user} currentUserId={actions.currentUserId} />
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </div>
          <StatusBadges user={user} />
          <Group justify="space-between" gap="sm">
            <RoleSelect user={user} {...actions} />
            <Group gap="xs">
              <ApproveTeacherButton user={user} {...actions} />
              <ToggleDisabledButton user={user} {...actions} />
              <DeleteUserButton user={user} {...actions} />
            </Group>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

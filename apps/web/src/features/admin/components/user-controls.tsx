import type { ManagedUser, RoleId } from '@hackclass/contracts';
import { Badge, Button, Group, Select } from '@mantine/core';
import { roleOptions, toRoleId } from '../utils/roles';

/** The name a user goes by: their display name, or their email's local part. */
export const nameOf = (user: ManagedUser) => user.displayName || user.email.split('@')[0] || '';

/** What an admin may do to one user; their own row has it all switched off. */
export interface UserActions {
  /** The signed-in admin, who changes neither their own role nor their own account. */
  currentUserId: string;
  onRoleChange: (user: ManagedUser, roleId: RoleId) => void;
  onToggleDisabled: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
  onApproveTeacher: (user: ManagedUser) => void;
  /** The user whose approval is being sent. */
  approvingId: string | undefined;
}

export function RoleSelect({
  user,
  currentUserId,
  onRoleChange,
}: { user: ManagedUser } & Pick<UserActions, 'currentUserId' | 'onRoleChange'>) {
  return (
    <Select
      aria-label={`Role of ${nameOf(user)}`}
      data={roleOptions}
      value={String(user.roleId)}
      onChange={(value) => {
        const roleId = toRoleId(value);
        if (roleId !== null && roleId !== user.roleId) onRoleChange(user, roleId);
      }}
      allowDeselect={false}
      disabled={user.id === currentUserId}
      size="xs"
      w={130}
    />
  );
}

export function StatusBadges({ user }: { user: ManagedUser }) {
  return (
    <Group gap={4}>
      {user.emailVerified ? (
        <Badge size="sm" variant="light" color="green">
          Verified
        </Badge>
      ) : (
        <Badge size="sm" variant="light" color="yellow">
          Unverified
        </Badge>
      )}
      {user.disabled && (
        <Badge size="sm" variant="filled" color="red">
          Disabled
        </Badge>
      )}
      {user.awaitingTeacherApproval && (
        <Badge size="sm" variant="light" color="blue">
          Awaiting approval as teacher
        </Badge>
      )}
      {user.unapprovedTeacher && (
        <Badge size="sm" variant="light" color="blue">
          Teacher, not yet approved
        </Badge>
      )}
    </Group>
  );
}

export function ToggleDisabledButton({
  user,
  currentUserId,
  onToggleDisabled,
}: { user: ManagedUser } & Pick<UserActions, 'currentUserId' | 'onToggleDisabled'>) {
  if (user.id === currentUserId) return null;
  const action = user.disabled ? 'Enable' : 'Disable';
  return (
    <Button
      size="xs"
      variant={user.disabled ? 'light' : 'subtle'}
      color={user.disabled ? undefined : 'red'}
      onClick={() => onToggleDisabled(user)}
      aria-label={`${action} ${nameOf(user)}`}
    >
      {action}
    </Button>
  );
}

export function DeleteUserButton({
  user,
  currentUserId,
  onDelete,
}: { user: ManagedUser } & Pick<UserActions, 'currentUserId' | 'onDelete'>) {
  if (user.id === currentUserId) return null;
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      onClick={() => onDelete(user)}
      aria-label={`Delete ${nameOf(user)}’s account`}
    >
      Delete
    </Button>
  );
}

/**
 * For a user who signed up as a teacher and waits for an admin: as a student, or teaching
 * meanwhile with fewer invitation mails.
 */
export function ApproveTeacherButton({
  user,
  onApproveTeacher,
  approvingId,
}: { user: ManagedUser } & Pick<UserActions, 'onApproveTeacher' | 'approvingId'>) {
  if (!user.awaitingTeacherApproval && !user.unapprovedTeacher) return null;
  return (
    <Button
      size="xs"
      loading={approvingId === user.id}
      onClick={() => onApproveTeacher(user)}
      aria-label={`Approve teacher ${nameOf(user)}`}
    >
      Approve teacher
    </Button>
  );
}

export function SelfBadge({ user, currentUserId }: { user: ManagedUser; currentUserId: string }) {
  if (user.id !== currentUserId) return null;
  return (
    <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
      You
    </Badge>
  );
}

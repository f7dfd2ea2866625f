import type { MemberListItem } from '@hackclass/contracts';
import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { MemberStatusBadge } from './member-status-badge';

interface MemberTableProps {
  members: MemberListItem[];
  canManage: boolean;
  approvingId?: string;
  onApprove: (member: MemberListItem) => void;
  onRemove: (member: MemberListItem) => void;
  /** The invitation whose mail is being sent again, by its email. */
  resendingEmail?: string | undefined;
  onResend: (member: MemberListItem) => void;
}

export function MemberTable({
  members,
  canManage,
  approvingId,
  onApprove,
  onRemove,
  resendingEmail,
  onResend,
}: MemberTableProps) {
  return (
    <Table.ScrollContainer minWidth={canManage ? 640 : 360}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            {canManage && <Table.Th>Email</Table.Th>}
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Points</Table.Th>
            {canManage && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.userId ?? member.email}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{member.name}</Text>
                  {member.isCreator && (
                    <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                      Creator
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              {canManage && (
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {member.email}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <MemberStatusBadge status={member.status} />
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {member.points}
              </Table.Td>
              {canManage && (
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {member.status === 'PendingApproval' && (
                      <Button
                        size="xs"
                        loading={approvingId === member.userId}
                        onClick={() => onApprove(member)}
                        aria-label={`Approve ${member.name}`}
                      >
                        Approve
                      </Button>
                    )}
                    {member.status === 'Invited' && member.email && (
                      <Button
                        size="xs"
                        variant="default"
                        loading={resendingEmail === member.email}
                        onClick={() => onResend(member)}
                        aria-label={`Send again the invitation to ${member.name}`}
                      >
                        Send again
                      </Button>
                    )}
                    {!member.isCreator && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => onRemove(member)}
                        aria-label={
                          member.userId
                            ? `Remove ${member.name}`
                            : `Withdraw the invitation to ${member.name}`
                        }
                      >
                        {member.userId ? 'Remove' : 'Withdraw'}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

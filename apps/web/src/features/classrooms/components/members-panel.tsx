import { MEMBER_STATUSES, type MemberListItem, type MemberStatus } from '@hackclass/contracts';
import { Button, Group, MultiSelect, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { EmptyState, ListError, ListSkeleton } from '@/components/feedback/list-states';
import { SearchField } from '@/components/form/search-field';
import { PageControls } from '@/components/paging/page-controls';
import { toast } from '@/components/toast/toast';
import { problemText } from '@/lib/problem-text';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { useResendInvitation } from '../api/resend-invitation';
import { useUpdateMemberStatus } from '../api/update-member-status';
import { useWithdrawInvitation } from '../api/withdraw-invitation';
import { rosterSummary } from '../utils/roster-summary';
import { BulkInviteModal } from './bulk-invite/bulk-invite-modal';
import { InviteMemberForm } from './invite-member-form';
import { memberStatusLabels } from './member-status-badge';
import { MemberTable } from './member-table';

export const PAGE_SIZES = [10, 20, 50] as const;

/** The page count is the total divided by the page size, rounded up. */
export const pageCountOf = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

interface MembersPanelProps {
  classroomId: string;
  /** Teachers of the classroom and admins filter by status, invite, approve and remove. */
  canManage: boolean;
  /** The status filter to start with, e.g. from a link to the requests waiting. */
  initialStatus?: MemberStatus[];
}

export function MembersPanel({ classroomId, canManage, initialStatus = [] }: MembersPanelProps) {
  const [status, setStatus] = useState<MemberStatus[]>(initialStatus);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [removing, setRemoving] = useState<MemberListItem | null>(null);
  const [invitingMany, setInvitingMany] = useState(false);

  const members = useMembers(classroomId, {
    // Students see accepted members only.
    status: canManage ? status : ['Accepted'],
    search: debouncedSearch,
    page,
    pageSize,
  });
  const approve = useUpdateMemberStatus();
  const remove = useRemoveMember();
  const withdraw = useWithdrawInvitation();
  const resend = useResendInvitation();
  // An invitation not yet accepted has no user id: it is taken back by its email.
  const removingInvitation = removing !== null && removing.userId === null;

  const total = members.data?.total ?? 0;
  const pageCount = pageCountOf(total, pageSize);
  if (members.data && page > pageCount) setPage(pageCount);

  return (
    <Stack>
      {canManage && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <InviteMemberForm classroomId={classroomId} />
            <Button
              variant="default"
              leftSection={<IconUsersPlus size={16} aria-hidden />}
              onClick={() => setInvitingMany(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              Invite many
            </Button>
          </Stack>
          <BulkInviteModal
            classroomId={classroomId}
            opened={invitingMany}
            onClose={() => setInvitingMany(false)}
          />
        </Paper>
      )}
      <Group align="flex-end" gap="sm">
        <SearchField
          label="Search by name"
          placeholder="Name"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        {canManage && (
          <MultiSelect
            label="Status"
            placeholder={status.length === 0 ? 'All statuses' : undefined}
            data={MEMBER_STATUSES.map((value) => ({ value, label: memberStatusLabels[value] }))}
            value={status}
            onChange={(value) => {
              setStatus(value as MemberStatus[]);
              setPage(1);
            }}
            clearable
            style={{ flex: '1 1 220px', maxWidth: 420 }}
          />
        )}
      </Group>

      {members.isPending ? (
        <ListSkeleton label="Loading members" rows={4} rowHeight={36} />
      ) : members.isError ? (
        <ListError message="Could not load the members." onRetry={() => void members.refetch()} />
      ) : members.data.items.length === 0 ? (
        <EmptyState icon={<IconUsers size={24} />} title="No members found">
          {search.trim() || status.length > 0
            ? 'No member matches the search or the filter.'
            : 'Nobody has joined this classroom yet.'}
        </EmptyState>
      ) : (
        <Paper withBorder style={{ opacity: members.isPlaceholderData ? 0.6 : 1 }}>
          <MemberTable
            members={members.data.items}
            canManage={canManage}
            approvingId={approve.isPending ? approve.variables?.userId : undefined}
            onApprove={(member) =>
              member.userId &&
              approve.mutate({ classroomId, userId: member.userId, status: 'Accepted' })
            }
            onRemove={setRemoving}
            resendingEmail={resend.isPending ? resend.variables?.email : undefined}
            onResend={({ email }) =>
              email &&
              resend.mutate(
                { classroomId, email },
                {
                  onSuccess: () =>
                    toast.success('Invitation sent again', `A new link went to ${email}.`),
                  onError: (error) =>
                    toast.error('Could not send the invitation again', problemText(error)),
                },
              )
            }
          />
        </Paper>
      )}

      <PageControls
        counted={
          members.data
            ? rosterSummary(members.data, search.trim() !== '' || status.length > 0)
            : '0 members'
        }
        page={page}
        pageCount={pageCount}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPage={setPage}
        onPageSize={setPageSize}
      />

      <ConfirmModal
        opened={removing !== null}
        title={removingInvitation ? 'Withdraw invitation' : 'Remove member'}
        confirmLabel={removingInvitation ? 'Withdraw' : 'Remove'}
        loading={remove.isPending || withdraw.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const done = { onSuccess: () => setRemoving(null) };
          if (removing?.userId) remove.mutate({ classroomId, userId: removing.userId }, done);
          else if (removing?.email) withdraw.mutate({ classroomId, email: removing.email }, done);
        }}
      >
        {removingInvitation
          ? `Withdraw the invitation to ${removing?.email}?`
          : `Remove ${removing?.name} from this classroom?`}
      </ConfirmModal>
    </Stack>
  );
}

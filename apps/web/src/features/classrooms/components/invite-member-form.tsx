import { IconMail } from '@tabler/icons-react';
import { EmailForm } from '@/components/form/email-form';
import { toast } from '@/components/toast/toast';
import { isApiError } from '@/lib/errors';
import { useInviteMember } from '../api/invite-member';

const inviteErrorMessage = (error: unknown) => {
  if (isApiError(error)) return error.errors.userEmail?.[0] ?? error.detail ?? error.title;
  return 'Could not send the invitation. Please try again.';
};

export function InviteMemberForm({ classroomId }: { classroomId: string }) {
  const invite = useInviteMember(classroomId);
  return (
    <EmailForm
      name="Invite a member"
      label="Invite by email"
      placeholder="student@example.org"
      icon={<IconMail size={16} aria-hidden />}
      submitLabel="Invite"
      pending={invite.isPending}
      onSubmit={(email, { reset, fail }) =>
        invite.mutate(email, {
          onSuccess: (invitation) => {
            reset();
            toast.success(
              invitation.status === 'Accepted' ? 'Request approved' : 'Invitation sent',
              invitation.status === 'Invited'
                ? `We mailed ${email} a link to join, which also leads through signing up.`
                : undefined,
            );
          },
          onError: (error) => fail(inviteErrorMessage(error)),
        })
      }
    />
  );
}

import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { toast } from '@/components/toast/toast';
import { isApiError } from '@/lib/errors';
import { useInviteMember } from '../api/invite-member';

const inviteErrorMessage = (error: unknown) => {
  if (isApiError(error)) return error.errors.userEmail?.[0] ?? error.detail ?? error.title;
  return 'Could not send the invitation. Please try again.';
};

export function InviteMemberForm({ classroomId }: { classroomId: string }) {
  const invite = useInviteMember(classroomId);
  const form = useForm({
    initialValues: { email: '' },
    transformValues: ({ email }) => ({ email: email.trim() }),
    validate: {
      email: (value) =>
        /^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter a valid email address',
    },
  });

  const submit = form.onSubmit(({ email }) =>
    invite.mutate(email, {
      onSuccess: (invitation) => {
        form.reset();
        toast.success(
          invitation.status === 'Accepted' ? 'Request approved' : 'Invitation sent',
          invitation.status === 'Invited'
            ? `${email} finds it on signing in, or once they sign up with this address.`
            : undefined,
        );
      },
      onError: (error) => form.setFieldError('email', inviteErrorMessage(error)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Invite a member">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Invite by email"
          type="email"
          placeholder="student@example.org"
          autoComplete="off"
          leftSection={<IconMail size={16} aria-hidden />}
          style={{ flex: 1, maxWidth: 360 }}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={invite.isPending} mt={25}>
          Invite
        </Button>
      </Group>
    </form>
  );
}

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@hackclass/contracts';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { User as IdentityUser } from 'firebase/auth';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { toast } from '@/components/toast/toast';
import { useChangePassword } from '../api/change-password';
import { passwordChangeFailure } from '../utils/password-errors';

interface ChangePasswordFormProps {
  identityUser: IdentityUser;
  email: string;
}

/** Current password (to re-authenticate), then the new one twice. */
export function ChangePasswordForm({ identityUser, email }: ChangePasswordFormProps) {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : 'Enter your current password'),
      newPassword: (value, values) =>
        value.length < PASSWORD_MIN_LENGTH
          ? `Password should be at least ${PASSWORD_MIN_LENGTH} characters`
          : value.length > PASSWORD_MAX_LENGTH
            ? `Password should be at most ${PASSWORD_MAX_LENGTH} characters`
            : value === values.currentPassword
              ? 'Choose a password different from the current one'
              : null,
      confirmPassword: (value, values) =>
        value === values.newPassword ? null : 'The passwords do not match',
    },
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    change.mutate(
      {
        identityUser,
        email,
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      },
      {
        onSuccess: () => {
          form.reset();
          toast.success('Password changed', 'Use your new password the next time you log in.');
        },
        onError: (failure) => {
          const { field, message } = passwordChangeFailure(failure);
          if (field) form.setFieldError(field, message);
          else setError(message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <FormAlert message={error} />
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

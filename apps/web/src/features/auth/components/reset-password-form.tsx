import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { messages } from '@/config/messages';
import { identityErrorCode } from '@/lib/identity';
import { useConfirmPasswordReset } from '../api/password-reset';
import { isBadActionCode, isOffline } from '../utils/error-messages';
import { validateConfirmation, validateNewPassword } from '../utils/validation';

interface ResetPasswordFormProps {
  oobCode: string;
  email: string;
  onDone: () => void;
  onBadLink: () => void;
}

/** A new password, twice, for the account the reset mail was sent to. */
export function ResetPasswordForm({ oobCode, email, onDone, onBadLink }: ResetPasswordFormProps) {
  const confirmReset = useConfirmPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: { password: validateNewPassword, confirmPassword: validateConfirmation },
  });

  const submit = form.onSubmit(({ password }) => {
    setError(null);
    confirmReset.mutate(
      { oobCode, password },
      {
        onSuccess: onDone,
        onError: (failure) => {
          if (isBadActionCode(failure)) onBadLink();
          else if (identityErrorCode(failure) === 'auth/weak-password') {
            form.setFieldError('password', messages.weakPassword);
          } else setError(isOffline(failure) ? messages.network : messages.generic);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Choose a new password for <strong>{email}</strong>.
        </Text>
        <FormAlert message={error} />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          data-autofocus
          description="At least 8 characters"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={confirmReset.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}

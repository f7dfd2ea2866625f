import { normalizeEmail } from '@hackclass/contracts';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { User as IdentityUser } from 'firebase/auth';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { useDeleteAccount } from '../api/delete-account';
import { deleteAccountFailure } from '../utils/delete-account-errors';

interface DeleteAccountModalProps {
  opened: boolean;
  identityUser: IdentityUser;
  email: string;
  onClose: () => void;
  /** After the account is gone: sign out and leave. */
  onDeleted: () => void;
}

const sameEmail = (typed: string, email: string) => normalizeEmail(typed) === normalizeEmail(email);

/** The password, to sign in again, and the email typed out, so that nobody deletes by a slip. */
export function DeleteAccountModal({
  opened,
  identityUser,
  email,
  onClose,
  onDeleted,
}: DeleteAccountModalProps) {
  const remove = useDeleteAccount();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', typedEmail: '' },
    validate: {
      password: (value) => (value ? null : 'Enter your password'),
      typedEmail: (value) => (sameEmail(value, email) ? null : 'Type your email address exactly'),
    },
  });

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(({ password, typedEmail }) => {
    setError(null);
    remove.mutate(
      { identityUser, email, password, typedEmail: typedEmail.trim() },
      {
        onSuccess: onDeleted,
        onError: (failure) => {
          const { field, message } = deleteAccountFailure(failure);
          if (field) form.setFieldError(field, message);
          else setError(message);
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Delete your account"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={error} />
          <Text size="sm">
            This cannot be undone. Enter your password, then type <strong>{email}</strong> to
            confirm.
          </Text>
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('password')}
          />
          <TextInput
            label="Your email address"
            autoComplete="off"
            spellCheck={false}
            required
            {...form.getInputProps('typedEmail')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              color="red.9"
              loading={remove.isPending}
              disabled={!sameEmail(form.values.typedEmail, email)}
            >
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

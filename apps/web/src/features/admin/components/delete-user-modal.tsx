import { type ManagedUser, normalizeEmail } from '@hackclass/contracts';
import { Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { toast } from '@/components/toast/toast';
import { problemText } from '@/lib/problem-text';
import { useDeleteUser } from '../api/delete-user';
import { nameOf } from './user-controls';

interface DeleteUserModalProps {
  /** The account to delete; the modal is open while there is one. */
  user: ManagedUser | null;
  onClose: () => void;
}

/** Deleting someone's account, once the admin has typed its email: what goes and what stays. */
export function DeleteUserModal({ user, onClose }: DeleteUserModalProps) {
  const remove = useDeleteUser();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirmed = user !== null && normalizeEmail(typed) === normalizeEmail(user.email);

  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };

  return (
    <Modal
      opened={user !== null}
      onClose={close}
      title={user ? `Delete ${nameOf(user)}’s account` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {user && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!confirmed) return;
            setError(null);
            remove.mutate(
              { userId: user.id, typedEmail: typed.trim() },
              {
                onSuccess: () => {
                  toast.success('Account deleted', `${user.email} can no longer sign in.`);
                  close();
                },
                onError: (failure) => setError(problemText(failure)),
              },
            );
          }}
        >
          <Stack>
            <FormAlert message={error} />
            <Text size="sm">This cannot be undone. With the account go:</Text>
            <List size="sm" spacing={4}>
              <List.Item>their sign-in, at once: they are signed out everywhere;</List.Item>
              <List.Item>
                their memberships, solves, flag submissions and notifications: they leave every
                leaderboard;
              </List.Item>
              <List.Item>their live targets and attack box, which stop.</List.Item>
            </List>
            <Text size="sm">
              Classrooms and labs they created stay for their students, with no owner. Type{' '}
              <strong>{user.email}</strong> to confirm.
            </Text>
            <TextInput
              label="The account’s email address"
              autoComplete="off"
              spellCheck={false}
              required
              data-autofocus
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red.9" loading={remove.isPending} disabled={!confirmed}>
                Delete account
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

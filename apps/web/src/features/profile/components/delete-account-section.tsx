import { Button, Card, Group, List, Title } from '@mantine/core';
import type { User as IdentityUser } from 'firebase/auth';
import { useState } from 'react';
import { DeleteAccountModal } from './delete-account-modal';

interface DeleteAccountSectionProps {
  identityUser: IdentityUser;
  email: string;
  /** They may create classrooms and labs, which outlive the account. */
  creates: boolean;
  onDeleted: () => void;
}

/** What deleting the account removes and what it leaves, then the modal that does it. */
export function DeleteAccountSection({
  identityUser,
  email,
  creates,
  onDeleted,
}: DeleteAccountSectionProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="delete-account-heading">
      <Title order={2} size="h3" id="delete-account-heading">
        Delete account
      </Title>
      <List size="sm" spacing={4} my="md">
        <List.Item>
          Your account, your classroom memberships, solved labs, submitted flags and notifications
          are deleted; you leave every leaderboard.
        </List.Item>
        {creates && (
          <List.Item>
            Classrooms and labs you created stay for their students, with no owner; an admin can
            edit or delete them. Delete them first if they should go too.
          </List.Item>
        )}
        <List.Item>You can sign up again with the same email address later.</List.Item>
      </List>
      <Group>
        <Button color="red.9" onClick={() => setOpened(true)}>
          Delete account
        </Button>
      </Group>
      <DeleteAccountModal
        opened={opened}
        identityUser={identityUser}
        email={email}
        onClose={() => setOpened(false)}
        onDeleted={onDeleted}
      />
    </Card>
  );
}

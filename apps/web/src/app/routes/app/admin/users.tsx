import { ROLE } from '@hackclass/contracts';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { paths } from '@/config/paths';
import { UsersPanel } from '@/features/admin/components/users-panel';
import { useCurrentUser } from '@/features/auth/hooks/use-session';
import { usePageTitle } from '@/hooks/use-page-title';

/** Admins manage every user; anyone else is told they may not. */
export function AdminUsersRoute() {
  usePageTitle('Users');
  const { user } = useCurrentUser();
  if (!user) return null;
  if (user.roleId !== ROLE.admin) {
    return (
      <ErrorScreen
        code="403"
        title="Not allowed"
        message="Only admins manage users."
        action={
          <Button
            component={Link}
            to={paths.dashboard.getHref()}
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            Back to the dashboard
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Users</Title>
        <Text c="dimmed">Everyone with an account: their role, and whether they may sign in.</Text>
      </div>
      <UsersPanel currentUserId={user.id} />
    </Stack>
  );
}

import { ROLE } from '@hackclass/contracts';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks/use-session';
import { AllTargetsPanel } from '@/features/targets/components/all-targets-panel';
import { usePageTitle } from '@/hooks/use-page-title';

/** Admins see every running target of the server; anyone else is told they may not. */
export function AdminTargetsRoute() {
  usePageTitle('Targets');
  const { user } = useCurrentUser();
  if (!user) return null;
  if (user.roleId !== ROLE.admin) {
    return (
      <ErrorScreen
        code="403"
        title="Not allowed"
        message="Only admins see every target."
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
        <Title order={1}>Targets</Title>
        <Text c="dimmed">
          Every student’s live target running on this server, in every classroom.
        </Text>
      </div>
      <AllTargetsPanel />
    </Stack>
  );
}

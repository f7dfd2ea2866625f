import { Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '@/features/auth/hooks/use-session';
import { usePageTitle } from '@/hooks/use-page-title';

export function DashboardRoute() {
  usePageTitle('Dashboard');
  const { user } = useCurrentUser();
  return (
    <Stack gap="xs">
      <Title order={1}>Dashboard</Title>
      <Text c="dimmed">
        {user?.displayName ? `Welcome, ${user.displayName}. ` : ''}Your classrooms, labs and recent
        activity will appear here.
      </Text>
    </Stack>
  );
}

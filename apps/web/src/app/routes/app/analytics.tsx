import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '@/hooks/use-page-title';

export function AnalyticsRoute() {
  usePageTitle('Analytics');
  return (
    <Stack gap="xs">
      <Title order={1}>Analytics</Title>
      <Text c="dimmed">Progress across your classrooms and labs will appear here.</Text>
    </Stack>
  );
}

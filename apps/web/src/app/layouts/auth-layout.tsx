import { Box, Card, Center, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { BrandLink } from '@/components/brand/brand-link';
import { ColorSchemeMenu } from '@/components/color-scheme/color-scheme-menu';

/** Layout of login, signup and the other account pages: a narrow centred card. */
export function AuthLayout() {
  return (
    <Center mih="100dvh" px="md" py="xl" bg="var(--hc-color-surface)">
      <Stack component="main" w="100%" maw={420} gap="lg">
        <Box component="header">
          <Stack align="center" gap={4}>
            <BrandLink size="lg" />
            <Text size="sm" c="dimmed" ta="center">
              Hands-on security, taught in your own classroom
            </Text>
          </Stack>
        </Box>
        <Card withBorder padding="xl" shadow="sm">
          <Outlet />
        </Card>
        <Center>
          <ColorSchemeMenu />
        </Center>
      </Stack>
    </Center>
  );
}

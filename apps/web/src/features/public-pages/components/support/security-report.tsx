import { Box, Container, Group, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { securityReport } from '../../content/support';
import { Blocks } from '../rich-text';

/** How to report a vulnerability: privately, to the instance's operator. */
export function SecurityReport() {
  return (
    <Box
      component="section"
      id="security"
      aria-labelledby="security-title"
      py={{ base: 48, sm: 72 }}
      bg="var(--hc-color-surface)"
      style={{ scrollMarginTop: 64 }}
    >
      <Container size="lg">
        <Paper
          withBorder
          p={{ base: 'lg', sm: 40 }}
          maw={820}
          style={{ borderLeft: '4px solid var(--mantine-primary-color-filled)' }}
        >
          <Group gap="sm" mb="md" wrap="nowrap">
            <ThemeIcon variant="light" size={44} aria-hidden>
              <IconShieldLock size={24} stroke={1.6} />
            </ThemeIcon>
            <Title id="security-title" order={2} fz={{ base: 24, sm: 28 }}>
              {securityReport.title}
            </Title>
          </Group>
          <Stack gap="sm">
            <Blocks blocks={securityReport.body} />
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

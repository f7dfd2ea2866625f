import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLink } from '@/components/brand/brand-link';
import { publicLinks } from './public-links';

/** Footer of the public pages: the mark, a one-line description and the public links. */
export function PublicFooter() {
  return (
    <Box
      component="footer"
      py="xl"
      mt="auto"
      bg="var(--hc-color-surface)"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6} maw={420}>
            <BrandLink />
            <Text size="sm" c="dimmed">
              A self-hosted platform for teaching hands-on security: classrooms, hacking labs, flags
              and leaderboards.
            </Text>
          </Stack>
          <Group component="nav" aria-label="Footer" gap="lg">
            {publicLinks.map((link) => (
              <Anchor key={link.href} component={Link} to={link.href} size="sm" c="dimmed">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

import { Box, Burger, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { BrandLink } from '@/components/brand/brand-link';
import { ColorSchemeMenu } from '@/components/color-scheme/color-scheme-menu';
import { AuthButtons } from './auth-buttons';
import classes from './public-header.module.css';
import { publicLinks } from './public-links';
import { PublicNavLink } from './public-nav-link';

interface PublicHeaderProps {
  /** The signed-in user's menu; without it, visitors get "Log in" and "Sign up". */
  userMenu?: ReactNode;
}

/** Header of the public pages; under the sm breakpoint the links move into a drawer. */
export function PublicHeader({ userMenu }: PublicHeaderProps) {
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="xl" wrap="nowrap">
            <BrandLink />
            <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm">
              {publicLinks.map((link) => (
                <PublicNavLink key={link.href} {...link} />
              ))}
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ColorSchemeMenu />
            {userMenu ?? (
              <Group gap="xs" visibleFrom="sm" wrap="nowrap">
                <AuthButtons />
              </Group>
            )}
            <Burger
              hiddenFrom="sm"
              opened={opened}
              onClick={toggle}
              aria-label="Open menu"
              aria-expanded={opened}
              aria-controls="public-menu"
            />
          </Group>
        </Group>
      </Container>

      <Drawer
        id="public-menu"
        opened={opened}
        onClose={close}
        hiddenFrom="sm"
        position="right"
        size="100%"
        title={<BrandLink onClick={close} />}
        closeButtonProps={{ 'aria-label': 'Close menu' }}
      >
        <Stack component="nav" aria-label="Main" gap={0} mb="lg">
          {publicLinks.map((link) => (
            <PublicNavLink key={link.href} {...link} variant="drawer" onClick={close} />
          ))}
        </Stack>
        {!userMenu && (
          <Stack gap="sm">
            <AuthButtons fullWidth onClick={close} />
          </Stack>
        )}
      </Drawer>
    </Box>
  );
}

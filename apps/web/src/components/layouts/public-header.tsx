import { Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { BrandLink } from '@/components/brand/brand-link';
import { ColorSchemeMenu } from '@/components/color-scheme/color-scheme-menu';
import { loadModule } from '@/lib/load-module';
import { AuthButtons } from './auth-buttons';
import classes from './public-header.module.css';
import { publicLinks } from './public-links';
import { PublicNavLink } from './public-nav-link';

// Phones only, once the burger is pressed: other first visits do not load the drawer.
const PublicMenuDrawer = lazy(() =>
  loadModule(() => import('./public-menu-drawer')).then((m) => ({ default: m.PublicMenuDrawer })),
);

interface PublicHeaderProps {
  /** The signed-in user's menu; without it, visitors get "Log in" and "Sign up". */
  userMenu?: ReactNode;
}

/** Header of the public pages; under the sm breakpoint the links move into a drawer. */
export function PublicHeader({ userMenu }: PublicHeaderProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Kept once loaded, so that it can play its closing transition.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (opened && !drawerLoaded) setDrawerLoaded(true);

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

      {drawerLoaded && (
        <Suspense fallback={null}>
          <PublicMenuDrawer opened={opened} onClose={close} signedIn={Boolean(userMenu)} />
        </Suspense>
      )}
    </Box>
  );
}

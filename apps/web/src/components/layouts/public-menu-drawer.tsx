import { Drawer, Stack } from '@mantine/core';
import { BrandLink } from '@/components/brand/brand-link';
import { AuthButtons } from './auth-buttons';
import { publicLinks } from './public-links';
import { PublicNavLink } from './public-nav-link';

interface PublicMenuDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** Whether someone is signed in: visitors also get "Log in" and "Sign up". */
  signedIn: boolean;
}

/** The public pages' links (and the visitor's auth buttons) in a drawer, under sm. */
export function PublicMenuDrawer({ opened, onClose, signedIn }: PublicMenuDrawerProps) {
  return (
    <Drawer
      id="public-menu"
      opened={opened}
      onClose={onClose}
      hiddenFrom="sm"
      position="right"
      size="100%"
      title={<BrandLink onClick={onClose} />}
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack component="nav" aria-label="Main" gap={0} mb="lg">
        {publicLinks.map((link) => (
          <PublicNavLink key={link.href} {...link} variant="drawer" onClick={onClose} />
        ))}
      </Stack>
      {!signedIn && (
        <Stack gap="sm">
          <AuthButtons fullWidth onClick={onClose} />
        </Stack>
      )}
    </Drawer>
  );
}

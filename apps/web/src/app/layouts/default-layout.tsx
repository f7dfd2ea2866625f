import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { PublicFooter } from '@/components/layouts/public-footer';
import { PublicHeader } from '@/components/layouts/public-header';
import { mainContentId, SkipLink } from '@/components/navigation/skip-link';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useAccount } from '@/features/auth/hooks/use-session';

/** Layout of the public pages: header, page, footer. */
export function DefaultLayout() {
  const account = useAccount();
  return (
    <Box mih="100dvh" display="flex" style={{ flexDirection: 'column' }}>
      <SkipLink />
      <PublicHeader userMenu={account ? <UserMenu /> : undefined} />
      <Box component="main" id={mainContentId} flex={1} style={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <PublicFooter />
    </Box>
  );
}

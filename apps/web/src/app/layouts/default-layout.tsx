import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PublicFooter } from '@/components/layouts/public-footer';
import { PublicHeader } from '@/components/layouts/public-header';
import { mainContentId, SkipLink } from '@/components/navigation/skip-link';
import { useAccount } from '@/features/auth/hooks/use-session';
import { loadModule } from '@/lib/load-module';

// Signed-in visitors only: a first visit does not load it.
const UserMenu = lazy(() =>
  loadModule(() => import('@/features/auth/components/user-menu')).then((m) => ({
    default: m.UserMenu,
  })),
);

/** Layout of the public pages: header, page, footer. */
export function DefaultLayout() {
  const account = useAccount();
  return (
    <Box mih="100dvh" display="flex" style={{ flexDirection: 'column' }}>
      <SkipLink />
      <PublicHeader
        userMenu={
          account ? (
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          ) : undefined
        }
      />
      <Box component="main" id={mainContentId} flex={1} style={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <PublicFooter />
    </Box>
  );
}

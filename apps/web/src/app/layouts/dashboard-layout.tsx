import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { BrandLink } from '@/components/brand/brand-link';
import { ColorSchemeMenu } from '@/components/color-scheme/color-scheme-menu';
import { DashboardNav } from '@/components/layouts/dashboard-nav';
import { mainContentId, SkipLink } from '@/components/navigation/skip-link';
import { TeacherApprovalNotice } from '@/features/auth/components/teacher-approval-notice';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useUnreadNotificationCount } from '@/features/notifications/api/get-notifications';
import { useLiveNotifications } from '@/features/notifications/hooks/use-live-notifications';
import { TerminalButton } from '@/features/targets/components/terminal-button';
import { TerminalDrawerProvider } from '@/features/targets/components/terminal-drawer';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { useBoxClassrooms } from './use-box-classrooms';

/** Layout of the signed-in pages: header, side navigation (a drawer-like panel on phones). */
export function DashboardLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { user } = useCurrentUser();
  const unreadCount = useUnreadNotificationCount(user?.id);
  useLiveNotifications(user?.id);

  const attackBoxes = getRuntimeConfig().targets.attackBoxes;
  const boxClassrooms = useBoxClassrooms();

  return (
    <TerminalDrawerProvider classrooms={boxClassrooms}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="lg"
      >
        <SkipLink />
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                hiddenFrom="sm"
                size="sm"
                opened={opened}
                onClick={toggle}
                aria-label="Toggle navigation"
                aria-expanded={opened}
              />
              <BrandLink />
            </Group>
            <Group gap="xs" wrap="nowrap">
              {attackBoxes && <TerminalButton />}
              <ColorSchemeMenu />
              <UserMenu unreadCount={unreadCount} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm" aria-label="Dashboard">
          <DashboardNav onNavigate={close} can={user?.can} />
        </AppShell.Navbar>
        <AppShell.Main id={mainContentId} style={{ outline: 'none' }}>
          <TeacherApprovalNotice />
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </TerminalDrawerProvider>
  );
}

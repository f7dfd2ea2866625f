import type { UserCan } from '@hackclass/contracts';
import { NavLink, Stack } from '@mantine/core';
import {
  IconApi,
  IconChartBar,
  IconFlag,
  IconKey,
  IconLayoutDashboard,
  IconMail,
  IconSchool,
  IconServer,
  IconUserCircle,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';

/** The links, each shown only to those who may do what it needs, if anything. */
const items: { label: string; href: string; Icon: typeof IconFlag; needs?: keyof UserCan }[] = [
  { label: 'Dashboard', href: paths.dashboard.getHref(), Icon: IconLayoutDashboard },
  { label: 'Classrooms', href: paths.classrooms.getHref(), Icon: IconSchool },
  { label: 'Hacking labs', href: paths.hackingLabs.getHref(), Icon: IconFlag, needs: 'listLabs' },
  { label: 'Analytics', href: paths.analytics.getHref(), Icon: IconChartBar },
  { label: 'Profile', href: paths.profile.getHref(), Icon: IconUserCircle },
  { label: 'Users', href: paths.adminUsers.getHref(), Icon: IconUsersGroup, needs: 'administer' },
  { label: 'Targets', href: paths.adminTargets.getHref(), Icon: IconServer, needs: 'administer' },
  { label: 'Mail', href: paths.adminMail.getHref(), Icon: IconMail, needs: 'administer' },
  {
    label: 'API tokens',
    href: paths.adminApiTokens.getHref(),
    Icon: IconApi,
    needs: 'administer',
  },
  {
    label: 'Sign-in',
    href: paths.adminSignInProviders.getHref(),
    Icon: IconKey,
    needs: 'administer',
  },
];

const isWithin = (pathname: string, href: string) =>
  pathname === href || pathname.startsWith(`${href}/`);

interface DashboardNavProps {
  onNavigate?: () => void;
  /** What the signed-in user may do: which links they get. */
  can: UserCan | undefined;
}

/** Links of the dashboard's side navigation (AppShell.Navbar is the nav landmark); the section holding the current page is marked. */
export function DashboardNav({ onNavigate, can }: DashboardNavProps) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      {items
        .filter(({ needs }) => !needs || can?.[needs])
        .map(({ label, href, Icon }) => {
          const active = isWithin(pathname, href);
          return (
            <NavLink
              key={href}
              component={Link}
              to={href}
              label={label}
              leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              fw={500}
            />
          );
        })}
    </Stack>
  );
}

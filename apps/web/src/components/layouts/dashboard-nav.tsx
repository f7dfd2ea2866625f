import { NavLink, Stack } from '@mantine/core';
import {
  IconChartBar,
  IconFlag,
  IconLayoutDashboard,
  IconSchool,
  IconServer,
  IconUserCircle,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';

const items = [
  { label: 'Dashboard', href: paths.dashboard.getHref(), Icon: IconLayoutDashboard },
  { label: 'Classrooms', href: paths.classrooms.getHref(), Icon: IconSchool },
  { label: 'Hacking labs', href: paths.hackingLabs.getHref(), Icon: IconFlag },
  { label: 'Analytics', href: paths.analytics.getHref(), Icon: IconChartBar },
  { label: 'Profile', href: paths.profile.getHref(), Icon: IconUserCircle },
];
const adminItems = [
  { label: 'Users', href: paths.adminUsers.getHref(), Icon: IconUsersGroup },
  { label: 'Targets', href: paths.adminTargets.getHref(), Icon: IconServer },
];

const isWithin = (pathname: string, href: string) =>
  pathname === href || pathname.startsWith(`${href}/`);

interface DashboardNavProps {
  onNavigate?: () => void;
  /** Admins also see the admin area. */
  isAdmin?: boolean;
}

/** Links of the dashboard's side navigation (AppShell.Navbar is the nav landmark); the section holding the current page is marked. */
export function DashboardNav({ onNavigate, isAdmin = false }: DashboardNavProps) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      {(isAdmin ? [...items, ...adminItems] : items).map(({ label, href, Icon }) => {
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

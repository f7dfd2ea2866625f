import {
  Avatar,
  Badge,
  Group,
  Indicator,
  Menu,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell, IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentUser } from '../hooks/use-current-user';

interface UserMenuProps {
  /** Unread notifications, passed in by the layout (this feature knows nothing of them). */
  unreadCount?: number;
}

/** The signed-in user's menu in a header: who they are, their profile, and log out. */
export function UserMenu({ unreadCount = 0 }: UserMenuProps) {
  const { account, user } = useCurrentUser();
  if (!account) return null;
  // The identity account first: a profile change shows at once (the API keeps its copy).
  const name = account.displayName || user?.displayName || account.email;
  const photo = account.photoUrl || user?.photoUrl || null;
  const unread = unreadCount > 0 ? `, ${unreadCount} unread notifications` : '';

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      {/*
        Named by hidden text, not aria-label: the avatar's initials and the unread count are
        visible text that an aria-label would have to repeat (axe label-content-name-mismatch).
      */}
      <Menu.Target>
        <UnstyledButton p={4}>
          <VisuallyHidden>{`Account menu of ${name}${unread}`}</VisuallyHidden>
          <Group gap={8} wrap="nowrap" aria-hidden>
            <Indicator
              disabled={unreadCount === 0}
              label={unreadCount > 99 ? '99+' : unreadCount}
              size={16}
              color="red"
              // On the avatar's corner, not over it: the initials or the photo stay whole.
              offset={0}
            >
              <Avatar src={photo} name={name} alt="" size={32} color="green" />
            </Indicator>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {account.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.profile.getHref()}
          leftSection={<IconUserCircle size={16} aria-hidden />}
        >
          Profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.profileNotifications.getHref()}
          leftSection={<IconBell size={16} aria-hidden />}
          rightSection={
            unreadCount > 0 ? (
              <Badge size="sm" color="red" radius={0}>
                {unreadCount}
              </Badge>
            ) : undefined
          }
        >
          Notifications
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.logout.getHref()}
          leftSection={<IconLogout size={16} aria-hidden />}
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

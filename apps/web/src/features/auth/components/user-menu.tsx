import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentUser } from '../hooks/use-session';

/** The signed-in user's menu in a header: who they are, their profile, and log out. */
export function UserMenu() {
  const { account, user } = useCurrentUser();
  if (!account) return null;
  const name = user?.displayName ?? account.displayName ?? account.email;
  const photo = user?.photoUrl ?? account.photoUrl;

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu of ${name}`} p={4}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={photo} name={name} alt="" size={32} color="green" />
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
          to={paths.logout.getHref()}
          leftSection={<IconLogout size={16} aria-hidden />}
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

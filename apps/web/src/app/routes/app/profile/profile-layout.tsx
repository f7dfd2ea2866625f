import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBell, IconKey, IconLock, IconUser } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';

const tabs = [
  { value: paths.profileAccount.getHref(), label: 'Profile', Icon: IconUser },
  { value: paths.profileSecurity.getHref(), label: 'Security', Icon: IconLock },
  { value: paths.profileNotifications.getHref(), label: 'Notifications', Icon: IconBell },
  { value: paths.profileApiTokens.getHref(), label: 'API tokens', Icon: IconKey },
];

/** The profile's screens under one heading, switched by tabs that are links in the URL. */
export function ProfileLayoutRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = tabs.find((tab) => pathname.startsWith(tab.value))?.value ?? null;
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1}>Your account</Title>
        <Text c="dimmed">Your profile, password, notifications and API tokens.</Text>
      </Stack>
      <Tabs value={active} onChange={(value) => value && navigate(value)} keepMounted={false}>
        <Tabs.List aria-label="Account sections">
          {tabs.map(({ value, label, Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}

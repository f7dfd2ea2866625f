import type { SignInProvider } from '@hackclass/contracts';
import { Group, Stack, Text } from '@mantine/core';
import {
  ProviderActionButtons,
  type ProviderActions,
  ProviderBadges,
  ProviderDomains,
} from './provider-controls';

/** The providers as a list of cards, for phones. */
export function ProviderCards({
  providers,
  ...actions
}: { providers: SignInProvider[] } & ProviderActions) {
  return (
    <Stack
      component="ul"
      gap={0}
      p={0}
      m={0}
      aria-label="Sign-in providers"
      style={{ listStyle: 'none' }}
    >
      {providers.map((provider, index) => (
        <Stack
          component="li"
          key={provider.id}
          gap="xs"
          p="md"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : {}}
        >
          <Group justify="space-between" align="flex-start" gap="xs">
            <div>
              <Text size="sm" fw={500}>
                {provider.displayName}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {provider.id}
              </Text>
            </div>
            <ProviderBadges provider={provider} />
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {provider.issuer}
          </Text>
          <ProviderDomains provider={provider} />
          <ProviderActionButtons provider={provider} {...actions} />
        </Stack>
      ))}
    </Stack>
  );
}

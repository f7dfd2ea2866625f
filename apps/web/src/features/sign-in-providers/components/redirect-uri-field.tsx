import { Group, TextInput } from '@mantine/core';
import { CopyValueButton } from '@/components/feedback/copy-value-button';
import { redirectUri } from '../utils/redirect-uri';

/** The address to register at the provider, read-only, with a button that copies it. */
export function RedirectUriField() {
  const uri = redirectUri();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label="Redirect URI"
        description="Register this exact address at the provider as the redirect URI (or callback URL) of the client."
        value={uri}
        readOnly
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: 1 }}
      />
      <CopyValueButton value={uri} label="Copy the redirect URI" />
    </Group>
  );
}

import { Button, Divider, Stack } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { useSignInProviders } from '../api/get-sign-in-providers';
import { startProviderSignIn } from '../api/provider-sign-in';
import { loginFailure } from '../utils/error-messages';

interface ProviderButtonsProps {
  /** Where to go once signed in, as the page's own form would. */
  redirect?: string | undefined;
}

/**
 * "Continue with <school>" for each provider an admin set up, above the page's own form; nothing
 * while they load or when there are none, so the form never moves for a server without any.
 */
export function ProviderButtons({ redirect }: ProviderButtonsProps) {
  const { data: providers = [] } = useSignInProviders();
  const [leaving, setLeaving] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (providers.length === 0) return null;
  return (
    <Stack gap="sm" mb="md">
      <FormAlert message={failure} />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          fullWidth
          leftSection={<IconSchool size={18} aria-hidden />}
          loading={leaving === provider.id}
          disabled={leaving !== null && leaving !== provider.id}
          onClick={() => {
            setLeaving(provider.id);
            setFailure(null);
            startProviderSignIn(provider.id, redirect).catch((error: unknown) => {
              setLeaving(null);
              setFailure(loginFailure(error).message);
            });
          }}
        >
          Continue with {provider.displayName}
        </Button>
      ))}
      <Divider label="or with your email" labelPosition="center" />
    </Stack>
  );
}

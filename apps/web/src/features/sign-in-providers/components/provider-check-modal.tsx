import type { ProviderCheck, SignInProvider } from '@hackclass/contracts';
import { Button, Group, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { FormAlert } from '@/components/feedback/form-alert';
import { messages } from '@/config/messages';
import { isApiError, isNetworkError } from '@/lib/errors';
import { checkStepLabels } from '../utils/check-steps';

interface ProviderCheckModalProps {
  /** The provider tested; `null` closes the dialog. */
  provider: SignInProvider | null;
  pending: boolean;
  checks: ProviderCheck[] | undefined;
  error: unknown;
  onRetry: () => void;
  onClose: () => void;
}

/** Readable in both colour modes: the shade of the text, not the colour alone, tells. */
const tone = (ok: boolean) =>
  ok
    ? 'light-dark(var(--mantine-color-green-9), var(--mantine-color-green-4))'
    : 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';

function CheckStep({ check }: { check: ProviderCheck }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon color={check.ok ? 'green' : 'red'} variant="light" radius="xl" aria-hidden>
        {check.ok ? <IconCheck size={16} /> : <IconX size={16} />}
      </ThemeIcon>
      <div>
        <Text size="sm" fw={500}>
          {checkStepLabels[check.step]}:{' '}
          <Text span inherit c={tone(check.ok)}>
            {check.ok ? 'passed' : 'failed'}
          </Text>
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {check.message}
        </Text>
      </div>
    </Group>
  );
}

const failureText = (error: unknown) =>
  isApiError(error)
    ? (error.detail ?? error.title)
    : isNetworkError(error)
      ? messages.network
      : 'Could not test the provider.';

/**
 * A test sign-in's steps, each with ✓ or ✗ and the server's words: the discovery document, the
 * signing keys, then whether the provider knows the client.
 */
export function ProviderCheckModal({
  provider,
  pending,
  checks,
  error,
  onRetry,
  onClose,
}: ProviderCheckModalProps) {
  const passed = checks?.every((check) => check.ok);
  return (
    <Modal
      opened={provider !== null}
      onClose={onClose}
      title={provider ? `Test sign-in with ${provider.displayName}` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        {pending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">Asking the provider…</Text>
          </Group>
        ) : checks ? (
          <>
            <Text size="sm" role="status">
              {passed
                ? 'Every step passed. Whether the provider accepts the redirect URI shows only in a real sign-in.'
                : 'A step failed: people cannot sign in with this provider until it is fixed.'}
            </Text>
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              aria-label="Steps"
              style={{ listStyle: 'none' }}
            >
              {checks.map((check) => (
                <CheckStep key={check.step} check={check} />
              ))}
            </Stack>
          </>
        ) : error ? (
          <FormAlert message={failureText(error)} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onRetry} disabled={pending}>
            Test again
          </Button>
          <Button onClick={onClose} data-autofocus>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

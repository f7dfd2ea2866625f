import {
  API_TOKEN_LIFETIMES_DAYS,
  API_TOKEN_NAME_MAX_LENGTH,
  type ApiTokenScope,
  type CreatedApiToken,
  nameProblem,
} from '@hackclass/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyValueButton } from '@/components/feedback/copy-value-button';
import { FormAlert } from '@/components/feedback/form-alert';
import { problemText } from '@/lib/problem-text';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { useCreateApiToken } from '../api/create-api-token';
import { scopeDescriptions, scopeLabels } from '../utils/token-facts';

interface CreateApiTokenModalProps {
  opened: boolean;
  onClose: () => void;
  /** Admins may give a token the admin scope. */
  isAdmin: boolean;
}

/** Where a script asks who it is, as an example. */
const meUrl = () =>
  new URL(`${getRuntimeConfig().apiBaseUrl}/users/me`, window.location.origin).href;

const lifetimeOptions = API_TOKEN_LIFETIMES_DAYS.map((days) => ({
  value: String(days),
  label: days === 365 ? '1 year' : `${days} days`,
}));

/** Names a new token, its lifetime and scopes; then shows its secret, this once. */
export function CreateApiTokenModal({ opened, onClose, isAdmin }: CreateApiTokenModalProps) {
  const create = useCreateApiToken();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', expiresInDays: '30', scopes: ['read'] as ApiTokenScope[] },
    validate: {
      name: (value) =>
        !value.trim()
          ? 'Name the token after what will use it'
          : value.trim().length > API_TOKEN_NAME_MAX_LENGTH
            ? `Use at most ${API_TOKEN_NAME_MAX_LENGTH} characters`
            : nameProblem(value.trim()),
      scopes: (value) => (value.length === 0 ? 'Choose at least one scope' : null),
    },
  });

  const close = () => {
    form.reset();
    setCreated(null);
    setError(null);
    onClose();
  };

  const scopes: ApiTokenScope[] = isAdmin ? ['read', 'write', 'admin'] : ['read', 'write'];

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Copy your new token' : 'Create an API token'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      size="lg"
    >
      {created ? (
        <Stack>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
            Copy it now: it is not shown again. Keep it as you keep a password, in your script’s
            secret settings rather than in its code.
          </Alert>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code
              block
              style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
              aria-label={`The token ${created.token.name}`}
            >
              {created.secret}
            </Code>
            <CopyValueButton value={created.secret} label="Copy the token" />
          </Group>
          <Text size="sm">
            Send it in each request’s <Code>Authorization</Code> header:
          </Text>
          <Code
            block
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >{`curl -H "Authorization: Bearer ${created.token.prefix}…" ${meUrl()}`}</Code>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setError(null);
            create.mutate(
              {
                name: values.name.trim(),
                scopes: values.scopes,
                expiresInDays: Number(values.expiresInDays) as CreateLifetime,
              },
              { onSuccess: setCreated, onError: (failure) => setError(problemText(failure)) },
            );
          })}
        >
          <Stack>
            <FormAlert message={error} />
            <TextInput
              label="Name"
              description="What will use it, so that you know which to revoke."
              placeholder="Gradebook export"
              required
              data-autofocus
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            <Select
              label="Expires after"
              data={lifetimeOptions}
              allowDeselect={false}
              {...form.getInputProps('expiresInDays')}
            />
            <Checkbox.Group label="Scopes" required {...form.getInputProps('scopes')}>
              <Stack gap="xs" mt={6}>
                {scopes.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={scopeLabels[scope]}
                    description={scopeDescriptions[scope]}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

type CreateLifetime = (typeof API_TOKEN_LIFETIMES_DAYS)[number];

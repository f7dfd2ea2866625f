import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { messages } from '@/config/messages';
import { identityErrorCode } from '@/lib/identity';
import { useSendPasswordReset } from '../api/password-reset';
import { isOffline } from '../utils/error-messages';
import { validateEmail } from '../utils/validate-email';

/**
 * Asks for a reset mail. The answer never tells whether the address has an account; only a
 * failure to reach the service is reported as such.
 */
export function PasswordForgotForm() {
  const sendReset = useSendPasswordReset();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: validateEmail },
  });

  const submit = form.onSubmit(({ email }) => {
    setError(null);
    setSent(false);
    sendReset.mutate(email.trim(), {
      onSuccess: () => setSent(true),
      onError: (failure) => {
        const code = identityErrorCode(failure);
        if (isOffline(failure)) setError(messages.network);
        else if (code === 'auth/too-many-requests') setError(messages.tooManyAttempts);
        else if (code === 'auth/user-not-found') setSent(true);
        else setError(messages.resetMailFailed);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={error} />
        {sent && (
          <Alert
            color="green"
            variant="light"
            role="status"
            icon={<IconMailForward size={18} aria-hidden />}
          >
            {messages.resetMailSent}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={sendReset.isPending}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}

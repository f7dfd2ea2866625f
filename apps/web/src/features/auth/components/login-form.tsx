import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/feedback/form-alert';
import { paths } from '@/config/paths';
import { getIdentity } from '@/lib/identity';
import { useSignIn } from '../api/sign-in';
import { loginFailure } from '../utils/error-messages';
import { validateEmail } from '../utils/validate-email';

/** Email and password; where to go next is the guest guard's decision once this succeeds. */
export function LoginForm() {
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', keepSignedIn: true },
    validate: {
      email: validateEmail,
      password: (value) => (value ? null : 'Enter your password'),
    },
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    signIn.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        keepSignedIn: values.keepSignedIn,
      },
      {
        onError: (failure) => {
          const { message, signOut: mustSignOut } = loginFailure(failure);
          if (mustSignOut) {
            void Promise.all([getIdentity(), import('firebase/auth')])
              .then(([identity, { signOut }]) => signOut(identity))
              .catch(() => undefined);
          }
          setError(message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={error} />
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" align="flex-start">
          <Checkbox
            label="Keep me signed in"
            name="keepSignedIn"
            description="Uncheck on a shared computer"
            key={form.key('keepSignedIn')}
            {...form.getInputProps('keepSignedIn', { type: 'checkbox' })}
          />
          <Anchor component={Link} to={paths.passwordForgot.getHref()} size="sm">
            Forgot your password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={signIn.isPending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}

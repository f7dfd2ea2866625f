import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { AuthCredential } from 'firebase/auth';
import { Link } from 'react-router';
import { FormAlert } from '@/components/feedback/form-alert';
import { paths } from '@/config/paths';
import { identityErrorCode } from '@/lib/identity';
import { linkProviderAccount } from '../api/provider-sign-in';
import { signInMutationKey } from '../api/sign-in-key';
import { loginFailure } from '../utils/error-messages';

interface LinkAccountFormProps {
  email: string;
  /** The school account's credential, linked once the password is right. */
  credential: AuthCredential;
  onLinked: () => void;
}

/**
 * An account already holds the address the school's provider gave: its holder signs in with
 * its password once, and from then on the school account opens it too. Never linked without.
 */
export function LinkAccountForm({ email, credential, onLinked }: LinkAccountFormProps) {
  const link = useMutation({
    mutationKey: [...signInMutationKey, 'link'],
    mutationFn: linkProviderAccount,
  });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: { password: (value) => (value ? null : 'Enter your password') },
  });
  const failure = link.error
    ? identityErrorCode(link.error) === 'auth/credential-already-in-use'
      ? 'This school account is already linked to another HackClass account.'
      : loginFailure(link.error).message
    : null;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ password }) =>
        link.mutate({ email, password, credential }, { onSuccess: onLinked }),
      )}
    >
      <Stack gap="md">
        <Text size="sm">
          An account with this address exists already. Enter its password once to link your school
          account to it; from then on either way signs you in.
        </Text>
        <FormAlert message={failure} />
        <TextInput label="Email" value={email} readOnly />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          data-autofocus
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={link.isPending}>
          Link and log in
        </Button>
        <Text size="sm" ta="center">
          Forgot the password?{' '}
          <Anchor component={Link} to={paths.passwordForgot.getHref()} underline="always">
            Reset it by mail
          </Anchor>
          , then sign in with your school again.
        </Text>
      </Stack>
    </form>
  );
}

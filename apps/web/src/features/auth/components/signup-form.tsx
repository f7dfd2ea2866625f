import { ROLE } from '@hackclass/contracts';
import {
  Button,
  Input,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { messages } from '@/config/messages';
import { isApiError } from '@/lib/errors';
import { useSignUp } from '../api/register';
import { isWeakPassword, signupFailure } from '../utils/error-messages';
import { validateEmail } from '../utils/validate-email';
import {
  validateConfirmation,
  validateDisplayName,
  validateNewPassword,
} from '../utils/validation';

const roles = [
  { label: 'Student', value: String(ROLE.student) },
  { label: 'Teacher', value: String(ROLE.teacher) },
];

const roleHints: Record<string, string> = {
  [ROLE.student]: 'Join classrooms, solve hacking labs and capture flags.',
  [ROLE.teacher]: 'Create classrooms and labs, invite students and follow their progress.',
};

const fields = ['displayName', 'email', 'password', 'roleId'] as const;

/**
 * Name, email, password twice and a role; the account is made, the SDK signs in and mails. The
 * verification mail's link continues to `continuePath` (a same-origin path) when given.
 */
export function SignupForm({ continuePath }: { continuePath?: string | undefined }) {
  const signUp = useSignUp();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      displayName: '',
      email: '',
      password: '',
      confirmPassword: '',
      roleId: String(ROLE.student),
    },
    validate: {
      displayName: validateDisplayName,
      email: validateEmail,
      password: validateNewPassword,
      confirmPassword: validateConfirmation,
    },
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    const roleId = values.roleId === String(ROLE.teacher) ? ROLE.teacher : ROLE.student;
    signUp.mutate(
      {
        displayName: values.displayName.trim(),
        email: values.email.trim(),
        password: values.password,
        roleId,
        continuePath,
      },
      {
        onError: (failure) => {
          if (isWeakPassword(failure)) {
            form.setFieldError('password', messages.weakPassword);
            return;
          }
          setError(signupFailure(failure));
          if (isApiError(failure)) {
            for (const field of fields) {
              const problems = failure.errors[field];
              if (problems?.length) form.setFieldError(field, problems.join(' '));
            }
          }
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={error} />
        <Input.Wrapper label="I am a" id="signup-role" labelElement="div">
          <SegmentedControl
            aria-labelledby="signup-role-label"
            aria-describedby="signup-role-hint"
            fullWidth
            color="green"
            data={roles}
            {...form.getInputProps('roleId')}
            mt={4}
          />
          <Text id="signup-role-hint" size="xs" c="dimmed" mt={6}>
            {roleHints[form.values.roleId]}
          </Text>
        </Input.Wrapper>
        <TextInput
          label="Name"
          autoComplete="name"
          required
          data-autofocus
          {...form.getInputProps('displayName')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          description="At least 8 characters"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={signUp.isPending}>
          Create account
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          We will send you an email to confirm your address.
        </Text>
      </Stack>
    </form>
  );
}

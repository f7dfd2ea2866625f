import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';

/** What the caller does with the address once sent: clear the form, or show why it failed. */
export interface EmailFormOutcome {
  reset: () => void;
  fail: (message: string) => void;
}

interface EmailFormProps {
  /** The form's accessible name. */
  name: string;
  label: string;
  placeholder: string;
  icon: ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: (email: string, outcome: EmailFormOutcome) => void;
}

/** One email address on a line with its submit button: who to invite or add. */
export function EmailForm({
  name,
  label,
  placeholder,
  icon,
  submitLabel,
  pending,
  onSubmit,
}: EmailFormProps) {
  const form = useForm({
    initialValues: { email: '' },
    transformValues: ({ email }) => ({ email: email.trim() }),
    validate: {
      email: (value) =>
        /^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter a valid email address',
    },
  });

  const submit = form.onSubmit(({ email }) =>
    onSubmit(email, {
      reset: () => form.reset(),
      fail: (message) => form.setFieldError('email', message),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={name}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={label}
          type="email"
          placeholder={placeholder}
          autoComplete="off"
          leftSection={icon}
          style={{ flex: 1, maxWidth: 360 }}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={pending} mt={25}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}

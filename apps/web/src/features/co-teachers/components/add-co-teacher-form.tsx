import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { toast } from '@/components/toast/toast';
import { isApiError } from '@/lib/errors';
import { useAddCoTeacher } from '../api/add-co-teacher';

const addErrorMessage = (error: unknown) => {
  if (isApiError(error)) return error.errors.email?.[0] ?? error.detail ?? error.title;
  return 'Could not add the co-teacher. Please try again.';
};

export function AddCoTeacherForm({ classroomId }: { classroomId: string }) {
  const add = useAddCoTeacher(classroomId);
  const form = useForm({
    initialValues: { email: '' },
    transformValues: ({ email }) => ({ email: email.trim() }),
    validate: {
      email: (value) =>
        /^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter a valid email address',
    },
  });

  const submit = form.onSubmit(({ email }) =>
    add.mutate(email, {
      onSuccess: (coTeacher) => {
        form.reset();
        toast.success('Co-teacher added', `${coTeacher.name} now runs this classroom with you.`);
      },
      onError: (error) => form.setFieldError('email', addErrorMessage(error)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Add a co-teacher">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Add a teacher by email"
          type="email"
          placeholder="teacher@example.org"
          autoComplete="off"
          leftSection={<IconUserPlus size={16} aria-hidden />}
          style={{ flex: 1, maxWidth: 360 }}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={add.isPending} mt={25}>
          Add
        </Button>
      </Group>
    </form>
  );
}

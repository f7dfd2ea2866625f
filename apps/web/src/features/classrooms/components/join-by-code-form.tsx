import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { toast } from '@/components/toast/toast';
import { isApiError } from '@/lib/errors';
import { useJoinClassroom } from '../api/join-classroom';

export const JOIN_CODE_LENGTH = 8;

const joinErrorMessage = (error: unknown) => {
  if (isApiError(error)) {
    if (error.code === 'unknown_join_code') return 'No classroom has this code';
    if (error.code === 'already_member') return 'You are already a member of this classroom';
    if (error.code === 'join_rate_limited') return error.detail ?? 'Too many unknown codes';
    if (error.code === 'forbidden') return error.detail ?? 'You may not join classrooms';
  }
  return 'Could not join the classroom. Please try again.';
};

/** Joining by the teacher's 8-character code; letters may be typed in either case. */
export function JoinByCodeForm() {
  const join = useJoinClassroom();
  const form = useForm({
    initialValues: { code: '' },
    transformValues: ({ code }) => ({ code: code.trim().toUpperCase() }),
    validate: {
      code: (value) =>
        value.trim().length === JOIN_CODE_LENGTH
          ? null
          : `Enter the ${JOIN_CODE_LENGTH}-character code`,
    },
  });

  const submit = form.onSubmit(({ code }) =>
    join.mutate(code, {
      onSuccess: (membership) => {
        form.reset();
        toast.success(
          membership.status === 'Accepted' ? 'You joined the classroom' : 'Request sent',
          membership.status === 'Accepted'
            ? undefined
            : 'The teacher will approve your request to join.',
        );
      },
      onError: (error) => form.setFieldError('code', joinErrorMessage(error)),
    }),
  );

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-label="Join with a code">
        <Stack gap="xs">
          <Text fw={600}>Join with a code</Text>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label="Classroom code"
              placeholder="ABCD2345"
              maxLength={JOIN_CODE_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              leftSection={<IconKey size={16} aria-hidden />}
              styles={{ input: { textTransform: 'uppercase', letterSpacing: '0.1em' } }}
              style={{ flex: 1, maxWidth: 260 }}
              {...form.getInputProps('code')}
            />
            <Button type="submit" loading={join.isPending} mt={25}>
              Join
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

import { TARGET_LIMITS } from '@hackclass/contracts';
import { ActionIcon, Group, Input, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { AddRowButton } from '@/components/form/add-row-button';
import { focusLater } from '@/lib/focus-later';
import { envRow, type TargetFormValues } from '../utils/target-form';

/**
 * The target's environment variables: rows of a name and a value. Laid out like the lab form's
 * flags input, sharing its add button, but not the list on purpose: a shared list would need each
 * row's fields, its minimum and its focus rules passed in, which is more to read than the copy.
 */
export function EnvInput({ form }: { form: UseFormReturnType<TargetFormValues> }) {
  const id = useId();
  const rows = form.values.env;
  const nameId = (key: string) => `${id}-${key}`;
  const addId = `${id}-add`;

  return (
    <Input.Wrapper
      label="Environment variables"
      description="Handed to the container as they are; students do not see them."
      error={form.errors.env}
      labelElement="div"
    >
      <Stack gap="xs" mt={6}>
        {rows.map((row, index) => (
          <Group
            key={row.key}
            role="group"
            aria-label={`Variable ${index + 1}`}
            align="flex-start"
            gap="sm"
            wrap="nowrap"
          >
            <TextInput
              id={nameId(row.key)}
              label={`Name of variable ${index + 1}`}
              placeholder="NAME"
              maxLength={TARGET_LIMITS.env.nameMaxLength}
              autoComplete="off"
              spellCheck={false}
              style={{ flex: 1 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps(`env.${index}.name`)}
            />
            <TextInput
              label={`Value of variable ${index + 1}`}
              maxLength={TARGET_LIMITS.env.valueMaxLength}
              autoComplete="off"
              spellCheck={false}
              style={{ flex: 2 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps(`env.${index}.value`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={26}
              aria-label={`Remove variable ${index + 1}`}
              onClick={() => {
                form.removeListItem('env', index);
                const next = rows[index - 1] ?? rows[index + 1];
                focusLater(next ? nameId(next.key) : addId);
              }}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <AddRowButton
          id={addId}
          disabled={rows.length >= TARGET_LIMITS.env.max}
          onClick={() => {
            const row = envRow();
            form.insertListItem('env', row);
            form.clearFieldError('env');
            focusLater(nameId(row.key));
          }}
        >
          Add variable
        </AddRowButton>
      </Stack>
    </Input.Wrapper>
  );
}

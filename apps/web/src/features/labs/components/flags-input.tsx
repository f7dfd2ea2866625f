import { type FlagKind, LAB_FLAG_MAX_LENGTH, LAB_FLAGS_MAX } from '@hackclass/contracts';
import { ActionIcon, Group, Input, Select, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { AddRowButton } from '@/components/form/add-row-button';
import { focusLater } from '@/lib/focus-later';

/**
 * A flag row: its value, whether it is typed exactly or a pattern, and whether any case is
 * accepted. `key` only keeps React rows stable.
 */
export interface FlagRow {
  key: string;
  value: string;
  kind: FlagKind;
  anyCase: boolean;
}

let rowSequence = 0;
export const flagRow = (value = '', anyCase = false, kind: FlagKind = 'exact'): FlagRow => {
  rowSequence += 1;
  return { key: `flag-${rowSequence}`, value, kind, anyCase };
};

const kindOptions = [
  { value: 'exact', label: 'Exact' },
  { value: 'regex', label: 'Regular expression' },
];

interface FlagsInputProps {
  /** A form with the rows under `flags`. */
  form: UseFormReturnType<{ flags: FlagRow[] }>;
  /** The lab's live target hands every student a flag of their own: empty rows are left out. */
  optional?: boolean;
}

/**
 * The flags a lab accepts: one to 20 rows of a value, its kind (exact, or a regular expression
 * matched against the whole answer) and an "Any case" switch.
 */
export function FlagsInput({ form, optional = false }: FlagsInputProps) {
  const id = useId();
  const rows = form.values.flags;
  const inputId = (row: FlagRow) => `${id}-${row.key}`;
  const addId = `${id}-add`;

  const add = () => {
    const row = flagRow();
    form.insertListItem('flags', row);
    form.clearFieldError('flags');
    focusLater(inputId(row));
  };
  const remove = (index: number) => {
    form.removeListItem('flags', index);
    const previous = rows[index - 1] ?? rows[index + 1];
    focusLater(previous ? inputId(previous) : addId);
  };

  return (
    <Input.Wrapper
      label="Flags"
      description={`${optional ? 'Optional: each student’s target holds a flag of its own. ' : ''}What solves the lab, up to ${LAB_FLAGS_MAX}; only you and admins see them. With "Any case", HC{Flag} also matches hc{flag}.`}
      error={form.errors.flags}
      labelElement="div"
      required={!optional}
    >
      <Stack gap="xs" mt={6}>
        {rows.map((row, index) => (
          <Group
            key={row.key}
            role="group"
            aria-label={`Flag ${index + 1}`}
            align="flex-start"
            gap="sm"
            wrap="nowrap"
          >
            <TextInput
              id={inputId(row)}
              label={`Flag ${index + 1}`}
              placeholder={row.kind === 'regex' ? 'HC\\{[a-f0-9]{8}\\}' : 'HC{…}'}
              description={
                row.kind === 'regex' ? 'Matched whole, e.g. flag\\{[a-f0-9]{8}\\}' : undefined
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required={!optional}
              maxLength={LAB_FLAG_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              style={{ flex: 1 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps(`flags.${index}.value`)}
            />
            <Select
              aria-label={`Kind of flag ${index + 1}`}
              data={kindOptions}
              allowDeselect={false}
              w={180}
              mt={25}
              {...form.getInputProps(`flags.${index}.kind`)}
              onChange={(value) => {
                form.setFieldValue(`flags.${index}.kind`, (value ?? 'exact') as FlagKind);
                form.clearFieldError(`flags.${index}.value`);
              }}
            />
            <Switch
              label="Any case"
              mt={32}
              {...form.getInputProps(`flags.${index}.anyCase`, { type: 'checkbox' })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={26}
              aria-label={`Remove flag ${index + 1}`}
              disabled={rows.length <= 1}
              onClick={() => remove(index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <AddRowButton id={addId} disabled={rows.length >= LAB_FLAGS_MAX} onClick={add}>
          {rows.length >= LAB_FLAGS_MAX ? `At most ${LAB_FLAGS_MAX} flags` : 'Add flag'}
        </AddRowButton>
      </Stack>
    </Input.Wrapper>
  );
}

import {
  HINT_CONTENT_MAX_LENGTH,
  LAB_HINTS_MAX,
  LAB_POINTS,
  type LabHint,
  type LabHintInput,
} from '@hackclass/contracts';
import { ActionIcon, Card, Group, Input, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { AddRowButton } from '@/components/form/add-row-button';
import { focusLater } from '@/lib/focus-later';

/** A hint row: its Markdown and cost; `id` when the lab has it already, `key` for React only. */
export interface HintRow {
  key: string;
  id?: string;
  content: string;
  cost: number | string;
}

let rowSequence = 0;
export const hintRow = (hint: Partial<LabHint> = {}): HintRow => {
  rowSequence += 1;
  return {
    key: `hint-${rowSequence}`,
    ...(hint.id ? { id: hint.id } : {}),
    content: hint.content ?? '',
    cost: hint.cost ?? 0,
  };
};

/** The form's rules for the rows under `hints`, as the API checks them. */
export const hintRules = {
  content: (value: string) =>
    !value.trim()
      ? 'Enter the hint, or remove it'
      : value.trim().length > HINT_CONTENT_MAX_LENGTH
        ? `A hint has at most ${HINT_CONTENT_MAX_LENGTH.toLocaleString('en')} characters`
        : null,
  cost: (value: number | string) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= LAB_POINTS.max
      ? null
      : `Enter a whole number from 0 to ${LAB_POINTS.max.toLocaleString('en')}`,
};

/** The rows as the `hints` field sends them, in order. */
export const toHintInputs = (rows: HintRow[]): LabHintInput[] =>
  rows.map(({ id, content, cost }) => ({
    ...(id ? { id } : {}),
    content: content.trim(),
    cost: Number(cost),
  }));

interface HintsInputProps {
  /** A form with the rows under `hints`. */
  form: UseFormReturnType<{ hints: HintRow[] }>;
}

/**
 * A lab's hints, in the order students unlock them: up to 10, each Markdown with a cost in
 * points (0 is free) taken off what the lab earns whoever unlocks it.
 */
export function HintsInput({ form }: HintsInputProps) {
  const id = useId();
  const rows = form.values.hints;
  const contentId = (row: HintRow) => `${id}-${row.key}`;
  const addId = `${id}-add`;

  const add = () => {
    const row = hintRow();
    form.insertListItem('hints', row);
    form.clearFieldError('hints');
    focusLater(contentId(row));
  };
  const remove = (index: number) => {
    form.removeListItem('hints', index);
    const neighbour = rows[index + 1] ?? rows[index - 1];
    focusLater(neighbour ? contentId(neighbour) : addId);
  };
  const upId = (row: HintRow) => `${contentId(row)}-up`;
  const downId = (row: HintRow) => `${contentId(row)}-down`;
  const move = (row: HintRow, index: number, to: number) => {
    form.reorderListItem('hints', { from: index, to });
    // The arrow pressed, unless the row reached the end it points to.
    const upward = to < index;
    const atEnd = upward ? to === 0 : to === rows.length - 1;
    focusLater(upward !== atEnd ? upId(row) : downId(row));
  };

  return (
    <Input.Wrapper
      label="Hints"
      description={`Optional, up to ${LAB_HINTS_MAX}, in the order students see them. Markdown. A hint’s cost comes off what the lab earns whoever unlocks it (never below 0).`}
      error={form.errors.hints}
      labelElement="div"
    >
      <Stack gap="xs" mt={6}>
        {rows.map((row, index) => (
          <Card key={row.key} withBorder padding="sm" role="group" aria-label={`Hint ${index + 1}`}>
            <Group justify="space-between" mb={4} gap="xs">
              <Text size="sm" fw={600}>
                Hint {index + 1}
              </Text>
              <Group gap={4}>
                <ActionIcon
                  id={upId(row)}
                  variant="subtle"
                  aria-label={`Move hint ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => move(row, index, index - 1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  id={downId(row)}
                  variant="subtle"
                  aria-label={`Move hint ${index + 1} down`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(row, index, index + 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove hint ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Textarea
                id={contentId(row)}
                label={`Hint ${index + 1} text`}
                placeholder="Have you looked at the cookies?"
                required
                autosize
                minRows={2}
                maxRows={8}
                maxLength={HINT_CONTENT_MAX_LENGTH}
                style={{ flex: '1 1 280px' }}
                {...form.getInputProps(`hints.${index}.content`)}
              />
              <NumberInput
                label={`Hint ${index + 1} cost`}
                description="Points, 0 for free"
                min={0}
                max={LAB_POINTS.max}
                allowDecimal={false}
                allowNegative={false}
                w={140}
                {...form.getInputProps(`hints.${index}.cost`)}
              />
            </Group>
          </Card>
        ))}
        <AddRowButton id={addId} disabled={rows.length >= LAB_HINTS_MAX} onClick={add}>
          {rows.length >= LAB_HINTS_MAX ? `At most ${LAB_HINTS_MAX} hints` : 'Add hint'}
        </AddRowButton>
      </Stack>
    </Input.Wrapper>
  );
}

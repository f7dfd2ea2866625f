import { LAB_REQUIREMENTS_MAX, LATE_PERCENT } from '@hackclass/contracts';
import {
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { LateCredit, ScheduleErrors, ScheduleValues } from '@/lib/schedule-form';

interface LabScheduleFieldsProps {
  values: ScheduleValues;
  errors: ScheduleErrors;
  onChange(change: Partial<ScheduleValues>): void;
  /** The classroom's other labs, which this one may require; left out: no Requires field. */
  otherLabs?: { value: string; label: string }[];
}

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** When a lab opens and is due in a classroom, what a late solve earns, and what opens it. */
export function LabScheduleFields({ values, errors, onChange, otherLabs }: LabScheduleFieldsProps) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          type="datetime-local"
          label="Opens at"
          description="Hidden from students until then; empty: open now"
          value={values.opensAt}
          onChange={(event) => onChange({ opensAt: event.currentTarget.value })}
          error={errors.opensAt}
        />
        <TextInput
          type="datetime-local"
          label="Due at"
          description="Solves after it are late; empty: no due date"
          value={values.dueAt}
          onChange={(event) => onChange({ dueAt: event.currentTarget.value })}
          error={errors.dueAt}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Times are in your time zone ({zone}).
      </Text>
      <Radio.Group
        label="Late solves earn"
        value={values.late}
        onChange={(late) => onChange({ late: late as LateCredit })}
      >
        <Group gap="md" mt={6} align="center" wrap="wrap">
          <Radio value="full" label="Full points" />
          <Radio value="none" label="No points" />
          <Radio value="percent" label="A percentage" />
          {values.late === 'percent' && (
            <NumberInput
              aria-label="Percentage of the points a late solve earns"
              value={values.latePercent}
              onChange={(latePercent) => onChange({ latePercent })}
              min={LATE_PERCENT.min}
              max={LATE_PERCENT.max}
              allowDecimal={false}
              suffix=" %"
              w={110}
              size="xs"
              error={errors.latePercent}
            />
          )}
        </Group>
      </Radio.Group>
      {otherLabs && (
        <MultiSelect
          label="Requires"
          description="Students open this lab once they solved all of these"
          placeholder={otherLabs.length === 0 ? 'No other labs in this classroom' : 'Choose labs'}
          data={otherLabs}
          value={values.requires}
          onChange={(requires) => onChange({ requires })}
          disabled={otherLabs.length === 0}
          maxValues={LAB_REQUIREMENTS_MAX}
          searchable
          clearable
          nothingFoundMessage="No lab matches"
          error={errors.requires}
        />
      )}
    </Stack>
  );
}

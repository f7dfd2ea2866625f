import { LAB_DECAY_MAX, LAB_POINTS, type Lab, type LabScoring } from '@hackclass/contracts';
import { Input, NumberInput, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';

/** The lab form's scoring values: the minimum and decay count only for dynamic scoring. */
export interface ScoringValues {
  points: number | string;
  scoring: LabScoring;
  minimumPoints: number | string;
  decay: number | string;
}

/** A lab's scoring as the form starts it: fixed for a new lab. */
export const scoringValuesOf = (lab?: Pick<Lab, 'scoring' | 'minimumPoints' | 'decay'>) => ({
  scoring: lab?.scoring ?? ('fixed' as const),
  minimumPoints: lab?.minimumPoints ?? 0,
  decay: lab?.decay ?? 10,
});

const isWhole = (value: number | string, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The form's rules for the scoring fields, checked only for dynamic labs. */
export const scoringRules = {
  minimumPoints: (value: number | string, values: ScoringValues) => {
    if (values.scoring !== 'dynamic') return null;
    if (!isWhole(value, 0, LAB_POINTS.max)) {
      return `Enter a whole number from 0 to ${LAB_POINTS.max.toLocaleString('en')}`;
    }
    return typeof values.points === 'number' && (value as number) > values.points
      ? 'The minimum must not exceed the points'
      : null;
  },
  decay: (value: number | string, values: ScoringValues) =>
    values.scoring !== 'dynamic' || isWhole(value, 1, LAB_DECAY_MAX)
      ? null
      : `Enter a whole number from 1 to ${LAB_DECAY_MAX.toLocaleString('en')}`,
};

/** The multipart fields of the scoring: a fixed lab sends no minimum or decay. */
export const scoringFields = ({ scoring, minimumPoints, decay }: ScoringValues) =>
  scoring === 'dynamic'
    ? { scoring, minimumPoints: String(minimumPoints), decay: String(decay) }
    : { scoring };

/** The fields of the API's problem these inputs show. */
export const SCORING_FIELDS = ['scoring', 'minimumPoints', 'decay'] as const;

const scoringOptions = [
  { value: 'fixed', label: 'Fixed' },
  { value: 'dynamic', label: 'Dynamic' },
];

/**
 * Fixed points, or dynamic: the lab's value falls with each solve in a classroom, for every
 * solver alike, from the points to the minimum, as in CTFd.
 */
export function ScoringInput({ form }: { form: UseFormReturnType<ScoringValues> }) {
  const labelId = useId();
  const dynamic = form.values.scoring === 'dynamic';
  return (
    <Stack gap="xs">
      <Input.Wrapper
        labelProps={{ id: labelId }}
        label="Scoring"
        description={
          dynamic
            ? 'The points go to the first solver; each solve in a classroom lowers the value for everyone who solved it, down to the minimum.'
            : 'Every solve earns the points.'
        }
        error={form.errors.scoring}
        labelElement="div"
      >
        <SegmentedControl
          mt={6}
          aria-labelledby={labelId}
          data={scoringOptions}
          value={form.values.scoring}
          onChange={(value) => form.setFieldValue('scoring', value as LabScoring)}
        />
      </Input.Wrapper>
      {dynamic && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label="Minimum points"
            description="The least a solve earns"
            required
            min={0}
            max={LAB_POINTS.max}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            {...form.getInputProps('minimumPoints')}
          />
          <NumberInput
            label="Decay"
            description="Solves after the first until the minimum"
            required
            min={1}
            max={LAB_DECAY_MAX}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            {...form.getInputProps('decay')}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

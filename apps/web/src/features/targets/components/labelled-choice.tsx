import { Input, SegmentedControl } from '@mantine/core';
import { useId } from 'react';

interface LabelledChoiceProps<Value extends string> {
  label: string;
  description?: string;
  data: { value: Value; label: string }[];
  value: Value;
  onChange(value: Value): void;
}

/** A segmented control named by a visible label, as a radio group. */
export function LabelledChoice<Value extends string>({
  label,
  description,
  data,
  value,
  onChange,
}: LabelledChoiceProps<Value>) {
  const id = useId();
  return (
    <Input.Wrapper
      label={label}
      description={description}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
    >
      <SegmentedControl
        aria-labelledby={`${id}-label`}
        data={data}
        value={value}
        onChange={(next) => onChange(next as Value)}
        mt={4}
        display="flex"
      />
    </Input.Wrapper>
  );
}

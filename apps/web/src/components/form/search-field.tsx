import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The width it starts from and the widest it grows to in a row of filters, in pixels. */
  basis?: number;
  maxWidth?: number;
}

/** The search box above a list, in a row of filters. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  basis = 200,
  maxWidth = 320,
}: SearchFieldProps) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={{ flex: `1 1 ${basis}px`, maxWidth }}
    />
  );
}

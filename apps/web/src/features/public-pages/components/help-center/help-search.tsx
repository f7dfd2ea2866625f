import { Box, CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface HelpSearchProps {
  query: string;
  onChange: (query: string) => void;
}

/** The help centre's search box, a search landmark; Escape clears it. */
export function HelpSearch({ query, onChange }: HelpSearchProps) {
  return (
    <Box component="form" role="search" onSubmit={(event) => event.preventDefault()} mt="xs">
      <TextInput
        label="Search the help centre"
        placeholder="Try “join code”, “reset password” or “backup”"
        size="md"
        value={query}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && query) onChange('');
        }}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={
          query ? <CloseButton aria-label="Clear search" onClick={() => onChange('')} /> : null
        }
        autoComplete="off"
        spellCheck={false}
        maw={560}
      />
    </Box>
  );
}

import { Box, Input, SegmentedControl, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { Markdown } from './markdown';

interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  description?: string;
  /** Rows the field starts with; 8 unless told. */
  minRows?: number;
}

/** A Markdown field with a Write/Preview toggle; the preview renders as readers will see it. */
export function MarkdownEditor({
  label,
  value,
  onChange,
  error,
  description,
  minRows = 8,
}: MarkdownEditorProps) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const id = useId();
  return (
    <Box>
      <SegmentedControl
        size="xs"
        mb={6}
        aria-label={`${label}: write or preview`}
        value={mode}
        onChange={(next) => setMode(next === 'preview' ? 'preview' : 'write')}
        data={[
          { label: 'Write', value: 'write' },
          { label: 'Preview', value: 'preview' },
        ]}
      />
      {mode === 'write' ? (
        <Textarea
          id={id}
          label={label}
          description={description}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          autosize
          minRows={minRows}
          maxRows={24}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      ) : (
        <Input.Wrapper label={label} description={description} error={error} labelElement="div">
          <Box
            mt={6}
            p="md"
            mih={180}
            data-testid="markdown-preview"
            aria-label={`${label} preview`}
            role="region"
            style={{ border: '1px solid var(--mantine-color-default-border)' }}
          >
            {value.trim() ? (
              <Markdown>{value}</Markdown>
            ) : (
              <Text c="dimmed" size="sm">
                Nothing to preview yet.
              </Text>
            )}
          </Box>
        </Input.Wrapper>
      )}
    </Box>
  );
}

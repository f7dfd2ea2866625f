import { BULK_INVITATIONS } from '@hackclass/contracts';
import { Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { formatBytes } from '@/lib/format-bytes';

const maxFileSize = formatBytes(BULK_INVITATIONS.maxFileBytes);

interface AddressListInputProps {
  value: string;
  onChange: (text: string) => void;
  error?: string;
  disabled?: boolean;
}

/** A list pasted, or read from a chosen .csv or .txt file into the same field to check. */
export function AddressListInput({ value, onChange, error, disabled }: AddressListInputProps) {
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  // Emptied after each choice, so choosing the same file again (edited since) reads it again.
  const resetFile = useRef<() => void>(null);

  async function read(file: File | null) {
    resetFile.current?.();
    if (!file) return;
    if (file.size > BULK_INVITATIONS.maxFileBytes) {
      setFileError(`${file.name} is larger than ${maxFileSize}`);
      return;
    }
    setFileError(null);
    setFileName(file.name);
    onChange(await file.text());
  }

  function edit(text: string) {
    setFileError(null);
    setFileName(null);
    onChange(text);
  }

  return (
    <Stack gap="xs">
      <Textarea
        label="Email addresses"
        description={`One a line, or a CSV with an email column; up to ${BULK_INVITATIONS.maxAddresses} addresses`}
        placeholder={'ada@example.org\nalan@example.org'}
        autosize
        minRows={6}
        maxRows={14}
        value={value}
        onChange={(event) => edit(event.currentTarget.value)}
        error={fileError ?? error}
        disabled={disabled}
        data-autofocus
      />
      <Group gap="sm">
        <FileButton
          onChange={(file) => void read(file)}
          resetRef={resetFile}
          accept=".csv,.txt,text/csv,text/plain"
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconFileUpload size={16} aria-hidden />}
              disabled={disabled}
            >
              Choose a file
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {fileName ? `Read from ${fileName}` : `.csv or .txt, up to ${maxFileSize}`}
        </Text>
      </Group>
    </Stack>
  );
}

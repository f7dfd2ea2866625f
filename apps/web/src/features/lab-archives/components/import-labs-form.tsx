import '@mantine/dropzone/styles.css';
import {
  type CtfdMissingFiles,
  LAB_IMPORT_EXTENSIONS,
  type LabImportReport,
} from '@hackclass/contracts';
import { Alert, Button, Group, Input, List, Radio, Select, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileZip, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '@/config/messages';
import { isApiError } from '@/lib/errors';
import { formatBytes } from '@/lib/format-bytes';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { type ImportLabsInput, useImportLabs } from '../api/import-labs';

interface ImportLabsFormProps {
  /** The classrooms the caller manages, to add the labs to; undefined while they load. */
  classrooms: { id: string; name: string }[] | undefined;
  /** What the import would do (a dry run's report), and the choices that would do it. */
  onPreviewed(preview: ImportPreviewed): void;
}

export interface ImportPreviewed {
  input: Omit<ImportLabsInput, 'dryRun'>;
  report: LabImportReport;
}

const ACCEPT = {
  'application/gzip': ['.tar.gz', '.tgz'],
  'application/zip': ['.zip'],
  'application/x-yaml': ['.yml', '.yaml'],
};

const isImportable = (name: string) =>
  LAB_IMPORT_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));

/** The problem, with what it names (a file of the archive, a field of its manifest). */
export function ImportError({ error }: { error: unknown }) {
  if (!isApiError(error)) return <>{messages.generic}</>;
  const named = Object.entries(error.errors);
  return (
    <Stack gap={4}>
      <Text size="sm">{error.detail ?? error.title}</Text>
      {named.length > 0 && error.code === 'validation_failed' && (
        <List size="sm">
          {named.map(([where, problems]) => (
            <List.Item key={where}>
              {where}: {problems.join(' ')}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * Chooses what to import from one file (a HackClass archive, a .zip or .tar.gz of CTFd
 * challenges, or a challenge.yml), optionally into one of the caller's classrooms, and asks the
 * server what the import would do: nothing is created before the teacher confirms it.
 */
export function ImportLabsForm({ classrooms, onPreviewed }: ImportLabsFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [classroomId, setClassroomId] = useState<string | null>(null);
  const [missingFiles, setMissingFiles] = useState<CtfdMissingFiles>('leave-out');
  const [rejected, setRejected] = useState<string | null>(null);
  const importing = useImportLabs();
  const { fileMaxBytes } = getRuntimeConfig().uploads;

  const choose = (files: File[]) => {
    const [chosen] = files;
    if (!chosen) return;
    if (!isImportable(chosen.name)) {
      setRejected(`Choose a ${LAB_IMPORT_EXTENSIONS.join(', ')} file`);
      return;
    }
    setRejected(null);
    importing.reset();
    setFile(chosen);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) {
          setRejected('Choose a file to import');
          return;
        }
        const input = { file, classroomId: classroomId ?? undefined, missingFiles };
        importing.mutate(
          { ...input, dryRun: true },
          { onSuccess: (report) => onPreviewed({ input, report }) },
        );
      }}
    >
      <Stack gap="md">
        <Input.Wrapper
          label="Archive or challenge.yml"
          description={`A HackClass export (.tar.gz), a .zip or .tar.gz of CTFd challenge folders, or one challenge.yml; at most ${formatBytes(fileMaxBytes)}.`}
          error={rejected}
          labelElement="div"
          id="import-file"
        >
          <Dropzone
            mt={6}
            onDrop={choose}
            onReject={(rejections) =>
              setRejected(
                rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'))
                  ? `The file may be at most ${formatBytes(fileMaxBytes)}`
                  : `Choose a ${LAB_IMPORT_EXTENSIONS.join(', ')} file`,
              )
            }
            maxSize={fileMaxBytes}
            maxFiles={1}
            multiple={false}
            accept={ACCEPT}
            loading={importing.isPending}
            aria-label="Choose the file to import"
            inputProps={{ 'aria-label': 'File to import' }}
          >
            <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={40} stroke={1.5} aria-hidden />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={40} stroke={1.5} aria-hidden />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconFileZip size={40} stroke={1.5} aria-hidden />
              </Dropzone.Idle>
              <div>
                <Text size="md">
                  {file ? file.name : 'Drag the file here or click to choose it'}
                </Text>
                <Text size="sm" c="dimmed">
                  {file ? formatBytes(file.size) : LAB_IMPORT_EXTENSIONS.join('  ')}
                </Text>
              </div>
            </Group>
          </Dropzone>
        </Input.Wrapper>
        <Select
          label="Add to a classroom"
          description="Optional: the labs join it with their schedules and unlock paths. Otherwise they go to your labs only."
          placeholder={classrooms === undefined ? 'Loading your classrooms…' : 'None: my labs only'}
          data={(classrooms ?? []).map((classroom) => ({
            value: classroom.id,
            label: classroom.name,
          }))}
          value={classroomId}
          onChange={setClassroomId}
          disabled={classrooms === undefined}
          clearable
          searchable
          nothingFoundMessage="No classroom of yours has this name"
        />
        <Radio.Group
          label="A challenge that lists a file the upload lacks"
          description="CTFd challenges only: a file that was never committed, or listed under another path."
          value={missingFiles}
          onChange={(value) => setMissingFiles(value as CtfdMissingFiles)}
        >
          <Stack gap={6} mt={6}>
            <Radio value="leave-out" label="Import it without the file, and say which" />
            <Radio value="skip" label="Skip the challenge" />
          </Stack>
        </Radio.Group>
        {importing.isError && (
          <Alert color="red" variant="light" role="alert" title="The import failed">
            <ImportError error={importing.error} />
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={importing.isPending}
            leftSection={<IconUpload size={16} aria-hidden />}
          >
            Review the import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import type { LabImportReport } from '@hackclass/contracts';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useImportLabs } from '../api/import-labs';
import type { ImportPreviewed } from './import-labs-form';
import { ImportError } from './import-labs-form';
import { ImportReport } from './import-report';

interface ImportPreviewProps {
  preview: ImportPreviewed;
  onImported(report: LabImportReport): void;
  /** Back to the form, to choose again. */
  onBack(): void;
}

/** What the import would do, and the teacher's go-ahead: only then is anything created. */
export function ImportPreview({ preview, onImported, onBack }: ImportPreviewProps) {
  const importing = useImportLabs();
  const count = preview.report.created.length;
  return (
    <Stack gap="lg">
      <ImportReport report={preview.report} />
      {importing.isError && (
        <Alert color="red" variant="light" role="alert" title="The import failed">
          <ImportError error={importing.error} />
        </Alert>
      )}
      <Group>
        {count > 0 && (
          <Button
            loading={importing.isPending}
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() =>
              importing.mutate({ ...preview.input, dryRun: false }, { onSuccess: onImported })
            }
          >
            {count === 1 ? 'Import 1 lab' : `Import ${count} labs`}
          </Button>
        )}
        <Button variant="default" onClick={onBack} disabled={importing.isPending}>
          Choose again
        </Button>
      </Group>
    </Stack>
  );
}

import type { LabImportReport } from '@hackclass/contracts';
import { Alert, Anchor, Breadcrumbs, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import {
  ImportLabsForm,
  type ImportPreviewed,
} from '@/features/lab-archives/components/import-labs-form';
import { ImportPreview } from '@/features/lab-archives/components/import-preview';
import { ImportReport } from '@/features/lab-archives/components/import-report';
import { useManagedClassrooms } from '@/features/labs/api/get-managed-classrooms';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * Imports labs from an archive or CTFd challenges: first what the import would do, then, once
 * the teacher confirms, what came of it.
 */
export function ImportLabsRoute() {
  usePageTitle('Import labs');
  const { user } = useCurrentUser();
  const classrooms = useManagedClassrooms();
  const [preview, setPreview] = useState<ImportPreviewed | null>(null);
  const [report, setReport] = useState<LabImportReport | null>(null);
  return (
    <Stack gap="lg" maw={880}>
      <Breadcrumbs>
        <Anchor component={Link} to={paths.hackingLabs.getHref()} size="sm">
          Hacking labs
        </Anchor>
        <span aria-current="page">Import labs</span>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Import labs</Title>
        <Text c="dimmed">
          Bring labs exported from HackClass, or existing CTF content in CTFd’s challenge.yml
          format, a repository of challenge folders as it is. Every lab becomes your own; you see
          what would be created, skipped and left behind before anything is.
        </Text>
      </Stack>
      {user && !user.can.createLabs ? (
        <Alert color="yellow" variant="light" role="alert">
          Only teachers and admins can import labs.
        </Alert>
      ) : report ? (
        <Stack gap="lg">
          <ImportReport report={report} />
          <Group>
            <Button
              variant="default"
              onClick={() => {
                setPreview(null);
                setReport(null);
              }}
            >
              Import more
            </Button>
            <Button component={Link} to={paths.hackingLabs.getHref()}>
              Back to my labs
            </Button>
          </Group>
        </Stack>
      ) : preview ? (
        <ImportPreview preview={preview} onImported={setReport} onBack={() => setPreview(null)} />
      ) : (
        <Card withBorder padding="lg">
          <ImportLabsForm
            classrooms={classrooms.isError ? [] : classrooms.data}
            onPreviewed={setPreview}
          />
        </Card>
      )}
    </Stack>
  );
}

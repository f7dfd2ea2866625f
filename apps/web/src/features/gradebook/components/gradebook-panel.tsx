import { GRADEBOOK_SORTS, type GradebookSort, type GradebookStudent } from '@hackclass/contracts';
import { Button, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconFlask, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, ListError, ListSkeleton } from '@/components/feedback/list-states';
import { SearchField } from '@/components/form/search-field';
import { PageControls } from '@/components/paging/page-controls';
import { useDownloadGradebook } from '../api/download-gradebook';
import { useGradebook } from '../api/get-gradebook';
import { useLiveGradebook } from '../hooks/use-live-gradebook';
import { GradebookTable } from './gradebook-table';
import { StudentTimeline } from './student-timeline';

const PAGE_SIZES = [25, 50, 100] as const;

const sortLabels: Record<GradebookSort, string> = { name: 'Name', points: 'Points' };

interface GradebookPanelProps {
  classroomId: string;
  classroomName: string;
  /** Managers see every student and their timelines; a member their own row. */
  canManage: boolean;
}

export function GradebookPanel({ classroomId, classroomName, canManage }: GradebookPanelProps) {
  const [sort, setSort] = useState<GradebookSort>('name');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  const [student, setStudent] = useState<GradebookStudent | null>(null);
  useLiveGradebook(classroomId);
  const gradebook = useGradebook(classroomId, { sort, search: debouncedSearch, page, pageSize });
  const download = useDownloadGradebook();

  const students = gradebook.data?.students;
  const pageCount = Math.max(1, students?.pageCount ?? 1);
  if (students && page > pageCount) setPage(pageCount);

  const body = () => {
    if (gradebook.isPending) return <ListSkeleton label="Loading grades" rows={5} rowHeight={40} />;
    if (gradebook.isError) {
      return (
        <ListError message="Could not load the grades." onRetry={() => void gradebook.refetch()} />
      );
    }
    const { labs, students } = gradebook.data;
    if (labs.length === 0) {
      return (
        <EmptyState icon={<IconFlask size={24} />} title="No labs yet">
          {canManage
            ? 'Add labs to the classroom: each becomes a column of the gradebook.'
            : 'Grades appear here once the teacher adds labs.'}
        </EmptyState>
      );
    }
    if (students.items.length === 0) {
      return (
        <EmptyState icon={<IconUsers size={24} />} title="No students found">
          {search.trim()
            ? 'No student matches the search.'
            : 'Nobody has joined this classroom yet.'}
        </EmptyState>
      );
    }
    return (
      <Paper withBorder style={{ opacity: gradebook.isPlaceholderData ? 0.6 : 1 }}>
        <GradebookTable
          labs={labs}
          students={students.items}
          onOpenStudent={canManage ? setStudent : undefined}
        />
      </Paper>
    );
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3">
          {canManage ? 'Gradebook' : 'Your grades'}
        </Title>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.isPending}
          onClick={() => download.mutate({ classroomId, classroomName, sort, search })}
        >
          Download CSV
        </Button>
      </Group>
      {canManage && (
        <Group align="flex-end" gap="sm">
          <SearchField
            label="Search by name"
            placeholder="Name"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
          <Select
            label="Sort by"
            data={GRADEBOOK_SORTS.map((value) => ({ value, label: sortLabels[value] }))}
            value={sort}
            onChange={(value) => {
              if (value === null) return;
              setSort(value as GradebookSort);
              setPage(1);
            }}
            allowDeselect={false}
            w={140}
          />
        </Group>
      )}
      {body()}
      {canManage && (
        <PageControls
          counted={students?.total === 1 ? '1 student' : `${students?.total ?? 0} students`}
          page={page}
          pageCount={pageCount}
          pageSize={pageSize}
          pageSizes={PAGE_SIZES}
          onPage={setPage}
          onPageSize={setPageSize}
        />
      )}
      {canManage && (
        <StudentTimeline
          classroomId={classroomId}
          student={student}
          onClose={() => setStudent(null)}
        />
      )}
    </Stack>
  );
}

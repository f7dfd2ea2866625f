import { Group, Pagination, Select, Text } from '@mantine/core';

interface PageControlsProps {
  /** What is being paged, counted: "12 members". */
  counted: string;
  page: number;
  pageCount: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  /** A new page size starts again from the first page. */
  onPageSize: (pageSize: number) => void;
}

/** Where a paged list stands, the page size choice and the page buttons, all labelled. */
export function PageControls({
  counted,
  page,
  pageCount,
  pageSize,
  pageSizes,
  onPage,
  onPageSize,
}: PageControlsProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {counted} · page {page} of {pageCount}
      </Text>
      <Group gap="sm">
        <Select
          label="Per page"
          data={pageSizes.map(String)}
          value={String(pageSize)}
          onChange={(value) => {
            if (value === null) return;
            onPageSize(Number(value));
            onPage(1);
          }}
          allowDeselect={false}
          w={90}
          size="xs"
        />
        <Pagination
          total={pageCount}
          value={page}
          onChange={onPage}
          size="sm"
          mt={20}
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
          })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      </Group>
    </Group>
  );
}

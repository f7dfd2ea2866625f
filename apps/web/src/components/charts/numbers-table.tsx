import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface NumbersColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers are right-aligned in a monospace face so their digits line up. */
  numeric?: boolean;
}

interface NumbersTableProps<Row> {
  label: string;
  columns: NumbersColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  minWidth: number;
  maxHeight?: number;
}

/** The figures behind a chart, as a striped table. */
export function NumbersTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  minWidth,
  maxHeight,
}: NumbersTableProps<Row>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} mah={maxHeight}>
      <Table striped aria-label={label} stickyHeader={maxHeight !== undefined}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} ta={column.numeric ? 'right' : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  ta={column.numeric ? 'right' : undefined}
                  ff={column.numeric ? 'monospace' : undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

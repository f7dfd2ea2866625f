import type { GradebookQuery } from '@hackclass/contracts';
import { type CsvValue, toCsv } from '@hackclass/contracts/csv';
import type { ApiDatabase } from '../db';
import { type GradebookScope, gradebookCells, gradebookLabs, gradebookStudents } from './gradebook';

/** Students read and written at a time: thousands stream without being held at once. */
const CSV_PAGE_SIZE = 500;

/**
 * The gradebook as CSV, a chunk per page of students: a header row, then one row per student
 * with their email, total and, for each lab, the points earned, when it was solved (UTC) and
 * whether late. Cells of unsolved labs are empty. A byte-order mark first, so spreadsheets read
 * accented names as UTF-8.
 */
export async function* gradebookCsv(
  db: ApiDatabase,
  classroomId: string,
  { sort, search }: Pick<GradebookQuery, 'sort' | 'search'>,
  scope: GradebookScope,
): AsyncGenerator<string> {
  const labList = await gradebookLabs(db, classroomId, scope);
  const header: CsvValue[] = ['Student', 'Email', 'Total', 'Solved'];
  for (const lab of labList) {
    header.push(`${lab.name} points`, `${lab.name} solved at`, `${lab.name} late`);
  }
  yield `\uFEFF${toCsv([header])}\r\n`;
  for (let page = 1; ; page++) {
    const students = await gradebookStudents(
      db,
      classroomId,
      { sort, search, page, pageSize: CSV_PAGE_SIZE },
      scope,
    );
    if (students.length === 0) return;
    const cells = await gradebookCells(
      db,
      classroomId,
      labList,
      students.map((student) => student.userId),
    );
    const rows = students.map((student) => [
      student.name,
      student.email,
      student.total,
      student.solved,
      ...(cells.get(student.userId) ?? []).flatMap((cell) =>
        cell.solved ? [cell.points, cell.solvedAt, cell.late ? 'yes' : 'no'] : [null, null, null],
      ),
    ]);
    yield `${toCsv(rows)}\r\n`;
    if (students.length < CSV_PAGE_SIZE) return;
  }
}

import { CATEGORIES, type PageAudit } from './audit';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A table of the four category scores per page, with the paint figures behind performance. */
export function printAudits(audits: PageAudit[]): void {
  const header = ['page', ...CATEGORIES, 'FCP', 'LCP', 'TBT', 'CLS', 'JS (KiB)'];
  const rows = audits.map((audit) => [
    audit.page,
    ...CATEGORIES.map((category) => String(audit.scores[category])),
    seconds(audit.fcpMs),
    seconds(audit.lcpMs),
    `${Math.round(audit.tbtMs)} ms`,
    audit.cls.toFixed(3),
    (audit.scriptBytes / 1024).toFixed(1),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const audit of audits) {
    for (const failure of audit.failed) console.log(`${audit.page}: ${failure}`);
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A local calendar date as `YYYY-MM-DD`. */
export const isoDate = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** `web-security-101-leaderboard-2026-11-22.csv` from a title, a kind and a date. */
export function csvFileName(title: string, kind: string, date: Date): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'export'}-${kind}-${isoDate(date)}.csv`;
}

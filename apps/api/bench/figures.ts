import type { RoundResult } from './load';

export const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** Round by round, one server's req/s over another's, measured one just after the other. */
export const ratios = (ours: RoundResult[], theirs: RoundResult[]) =>
  ours.map((round, index) => round.requestsPerSecond / (theirs[index]?.requestsPerSecond ?? 0));

/** A server's rounds together: mean req/s, median p99, all refusals and errors. */
export const row = (name: string, rounds: RoundResult[], ...ratioCells: string[]) => [
  name,
  (rounds.reduce((sum, round) => sum + round.requestsPerSecond, 0) / rounds.length).toFixed(0),
  median(rounds.map((round) => round.p99Ms)).toFixed(1),
  `${rounds.reduce((sum, round) => sum + round.non2xx, 0)}/${rounds.reduce((sum, round) => sum + round.errors, 0)}`,
  ...ratioCells,
];

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const cells of rows) console.log(line(cells));
}

import { writeFileSync } from 'node:fs';
import { type ImportResult, SKIP_REASONS, type SkipReason } from '@hackclass/identity';

export interface ImportRun {
  file: string;
  dryRun: boolean;
  startedAt: Date;
  finishedAt: Date;
  result: ImportResult;
}

function countsByReason(result: ImportResult) {
  const counts = new Map<SkipReason, number>();
  for (const { reason } of result.skipped) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return counts;
}

/** What the operator reads at the end: the counts, and each reason users were left out for. */
export function summaryOf({ file, dryRun, startedAt, finishedAt, result }: ImportRun): string {
  const seconds = ((finishedAt.getTime() - startedAt.getTime()) / 1000).toFixed(1);
  const lines = [
    `${dryRun ? 'Dry run, nothing written: would import' : 'Imported'} ${result.imported.length} of ${result.read} users from ${file} in ${seconds} s; skipped ${result.skipped.length}.`,
  ];
  for (const [reason, count] of countsByReason(result)) {
    lines.push(`  ${String(count).padStart(5)} ${SKIP_REASONS[reason]} (${reason})`);
  }
  const renamed = result.imported.filter((user) => user.firebaseUid).length;
  if (renamed > 0) {
    lines.push(`${renamed} users got a new uid: theirs did not fit (listed in the report).`);
  }
  if (!dryRun && result.imported.length > 0) {
    lines.push(
      'Imported users sign in with their Firebase password, re-hashed at that sign-in; they join the product’s users then.',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The whole run as JSON: every user imported and every user skipped, with the reason. */
export function writeReport(
  path: string,
  { file, dryRun, startedAt, finishedAt, result }: ImportRun,
) {
  const report = {
    file,
    dryRun,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    read: result.read,
    importedCount: result.imported.length,
    skippedCount: result.skipped.length,
    skippedByReason: Object.fromEntries(countsByReason(result)),
    imported: result.imported,
    skipped: result.skipped.map((user) => ({ ...user, explanation: SKIP_REASONS[user.reason] })),
  };
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`, { mode: 0o600 });
}

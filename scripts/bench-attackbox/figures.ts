import { cpus, totalmem } from 'node:os';

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
  Number.NaN;

/** The `p`th percentiles of some durations (nearest rank). */
export function percentiles(durations: number[], ...ps: number[]): number[] {
  const sorted = [...durations].sort((a, b) => a - b);
  return ps.map((p) => at(sorted, p));
}

/** `p50 …, p95 …, max … ms`, with `digits` decimals. */
export function quantiles(durations: number[], ps: number[] = [50, 95], digits = 0): string {
  const values = percentiles(durations, ...ps, 100);
  const shown = values.map((value) => value.toFixed(digits));
  const named = ps.map((p, index) => `p${p} ${shown[index]} ms`);
  return [...named, `max ${shown.at(-1)} ms`].join(', ');
}

export const mean = (values: number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** The machine the figures are from. */
export function machine(): string {
  const all = cpus();
  const model = all[0]?.model.trim() ?? 'unknown CPU';
  const memory = (totalmem() / 1_073_741_824).toFixed(1);
  return `${all.length} cores (${model}), ${memory} GiB memory, Node ${process.version}`;
}

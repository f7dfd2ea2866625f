import {
  type ConfigProblem,
  configProblems,
  type Env,
  maskedValue,
  serverConfigSchema,
  serverSettings,
} from '@hackclass/config';

export type SettingSource = 'env' | '.env' | 'default';

export interface SettingRow {
  name: string;
  source: SettingSource;
  /** As it may be shown: secrets and the passwords of URLs masked. */
  value: string;
  /** What is wrong with it, on one line; absent when it is right. */
  problem?: string;
}

export interface SettingsReport {
  rows: SettingRow[];
  /** Every problem, including any that names no single setting. */
  problems: ConfigProblem[];
}

const isSet = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '';

/** A schema default written as the environment would write it. */
function shownDefault(field: unknown): string {
  const def = (field as { _zod: { def: { type: string; defaultValue?: unknown } } })._zod.def;
  if (def.type !== 'default' && def.type !== 'prefault') return '(not set)';
  const value = def.defaultValue;
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(',');
  return String(value);
}

/**
 * Every setting the server reads, where its value comes from and the value itself, with what is
 * wrong with each. `env` wins over `fileEnv` (the `.env` file), and blank values count as unset,
 * exactly as when the server loads its configuration.
 */
export function settingsReport(env: Env, fileEnv: Env): SettingsReport {
  const merged = { ...fileEnv, ...env };
  const problems = configProblems(serverConfigSchema, merged);
  const rows = Object.entries(serverSettings.shape).map(([name, field]): SettingRow => {
    const value = merged[name];
    const problem = problems.find((candidate) => candidate.name === name)?.message;
    const row: SettingRow = isSet(value)
      ? {
          name,
          source: env[name] !== undefined ? 'env' : '.env',
          value: maskedValue(name, value),
        }
      : { name, source: 'default', value: shownDefault(field) };
    return problem === undefined ? row : { ...row, problem };
  });
  return { rows, problems };
}

/** The report as a table, then the problems one line each. */
export function formatSettingsReport({ rows, problems }: SettingsReport): string {
  const nameWidth = Math.max(...rows.map((row) => row.name.length));
  const lines = [
    `${'SETTING'.padEnd(nameWidth)}  SOURCE   VALUE`,
    ...rows.map(
      (row) =>
        `${row.name.padEnd(nameWidth)}  ${row.source.padEnd(7)}  ${row.value}${row.problem ? '  <- wrong' : ''}`,
    ),
  ];
  if (problems.length > 0) {
    const count = problems.length === 1 ? '1 setting is' : `${problems.length} settings are`;
    lines.push('', `${count} wrong:`, ...problems.map((problem) => `  ${problem.message}`));
  }
  return `${lines.join('\n')}\n`;
}

import {
  builtInIdentitySettings,
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
  /** Why the server does not read it here, e.g. a built-in identity setting in Firebase mode. */
  ignored?: string;
}

export interface SettingsReport {
  rows: SettingRow[];
  /** Every problem, including any that names no single setting. */
  problems: ConfigProblem[];
  /** Which service holds the accounts: the built-in one, or a Firebase project. */
  identity: string;
  /** Settings that are right but change what the server trusts, one line each. */
  warnings: string[];
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
  const firebaseProject = isSet(merged.FIREBASE_PROJECT_ID)
    ? merged.FIREBASE_PROJECT_ID
    : undefined;
  const ignored = new Set<string>(firebaseProject ? builtInIdentitySettings : []);
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
    if (ignored.has(name)) row.ignored = 'ignored: accounts live in the Firebase project';
    return problem === undefined ? row : { ...row, problem };
  });
  const identity = firebaseProject
    ? `Identity: the Firebase project ${firebaseProject}; the built-in identity service is off and ${[...ignored].join(', ')} are ignored.`
    : 'Identity: the built-in identity service.';
  const warnings =
    firebaseProject && isSet(merged.IDENTITY_JWKS_URL)
      ? [
          'IDENTITY_JWKS_URL replaces Google’s key set for the Firebase project’s ID tokens: set it only for tests or a proxy in front of Google.',
        ]
      : [];
  return { rows, problems, identity, warnings };
}

/** The report as a table, then the problems one line each. */
export function formatSettingsReport({
  rows,
  problems,
  identity,
  warnings,
}: SettingsReport): string {
  const nameWidth = Math.max(...rows.map((row) => row.name.length));
  const lines = [
    `${'SETTING'.padEnd(nameWidth)}  SOURCE   VALUE`,
    ...rows.map(
      (row) =>
        `${row.name.padEnd(nameWidth)}  ${row.source.padEnd(7)}  ${row.value}${row.problem ? '  <- wrong' : ''}${row.ignored ? `  (${row.ignored})` : ''}`,
    ),
    '',
    identity,
    ...warnings.map((warning) => `Warning: ${warning}`),
  ];
  if (problems.length > 0) {
    const count = problems.length === 1 ? '1 setting is' : `${problems.length} settings are`;
    lines.push('', `${count} wrong:`, ...problems.map((problem) => `  ${problem.message}`));
  }
  return `${lines.join('\n')}\n`;
}

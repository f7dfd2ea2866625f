import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import type { z } from 'zod';

/** A configuration value is wrong; the message names the variable and fits on one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

/**
 * The process environment over the variables of a `.env` file, when there is one.
 * Variables already set in the environment win, as operators expect.
 */
export function readEnv(env: Env = process.env, envFile = '.env'): Env {
  return { ...readEnvFile(envFile), ...env };
}

/** The variables of a `.env` file; none when there is no such file. */
export function readEnvFile(envFile = '.env'): Env {
  return existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
}

/** Settings whose values are never shown: secrets, tokens, passwords and keys. */
export const isSecretSetting = (name: string) => /SECRET|PASSWORD|TOKEN|KEY/.test(name);

/** A value as it may be shown: secrets starred out, the password of a URL too. */
export function maskedValue(name: string, value: string): string {
  if (isSecretSetting(name)) return '********';
  if (URL.canParse(value)) {
    const url = new URL(value);
    if (url.password) {
      url.password = '***';
      return url.toString();
    }
  }
  return value;
}

/** The wrong value as the error shows it: never a secret, never a password inside a URL. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined || isSecretSetting(name)) return '';
  return ` (got ${JSON.stringify(maskedValue(name, value))})`;
}

/** A blank value counts as unset, as operators expect of `NAME=` in a `.env` file. */
function withoutBlanks(env: Env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== '',
    ),
  );
}

/** One wrong setting: its name and what is wrong, on one line that never shows a secret. */
export interface ConfigProblem {
  name: string;
  message: string;
}

/** Every problem of `env` against `schema`, not only the first; none when it parses. */
export function configProblems(schema: z.ZodType, env: Env): ConfigProblem[] {
  const values = withoutBlanks(env);
  const result = schema.safeParse(values);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const name = issue.path.join('.') || 'configuration';
    return { name, message: `${name} ${issue.message}${shownValue(name, values[name])}` };
  });
}

/** Parses `env` with `schema`, turning every problem into one line that names its variable. */
export function loadConfig<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  const result = schema.safeParse(withoutBlanks(env));
  if (result.success) return result.data;
  const problems = configProblems(schema, env).map((problem) => problem.message);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

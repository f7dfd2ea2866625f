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
  if (!existsSync(envFile)) return { ...env };
  return { ...parseEnv(readFileSync(envFile, 'utf8')), ...env };
}

/** The wrong value as the error shows it: never a secret, never a password inside a URL. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined || /SECRET|PASSWORD|TOKEN/.test(name)) return '';
  if (URL.canParse(value)) {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return ` (got ${JSON.stringify(url.toString())})`;
  }
  return ` (got ${JSON.stringify(value)})`;
}

/** Parses `env` with `schema`, turning every problem into one line that names its variable. */
export function loadConfig<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  const blanksUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = schema.safeParse(blanksUnset);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || 'configuration';
    return `${name} ${issue.message}${shownValue(name, blanksUnset[name])}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

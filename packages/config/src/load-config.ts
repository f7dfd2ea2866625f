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

/** Parses `env` with `schema`, turning every problem into one line that names its variable. */
export function loadConfig<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  const blanksUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = schema.safeParse(blanksUnset);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || 'configuration';
    const value = blanksUnset[name];
    return `${name} ${issue.message}${value === undefined ? '' : ` (got ${JSON.stringify(value)})`}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

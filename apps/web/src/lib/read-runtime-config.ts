import type { RuntimeConfig } from '@hackclass/contracts';

/**
 * `runtimeConfigSchema`'s check, written out: the app reads `/config.json` before its first page,
 * and Zod would add 30 kB gzip to that page. Its test holds it to the schema's answers.
 */
export function readRuntimeConfig(data: unknown): RuntimeConfig {
  const config = record(data, 'the configuration');
  const identity = record(config.identity, 'identity');
  const targets = record(config.targets, 'targets');
  const mail = record(config.mail, 'mail');
  const uploads = record(config.uploads, 'uploads');
  return {
    productName: text(config.productName, 'productName'),
    apiBaseUrl: text(config.apiBaseUrl, 'apiBaseUrl'),
    identity: {
      apiKey: text(identity.apiKey, 'identity.apiKey'),
      projectId: text(identity.projectId, 'identity.projectId'),
      ...optionalText(identity.emulatorOrigin, 'emulatorOrigin'),
      ...optionalText(identity.authDomain, 'authDomain'),
    },
    targets: {
      enabled: flag(targets.enabled, 'targets.enabled'),
      attackBoxes: flag(targets.attackBoxes, 'targets.attackBoxes'),
    },
    mail: { devOutbox: flag(mail.devOutbox, 'mail.devOutbox') },
    uploads: {
      imageMaxBytes: count(uploads.imageMaxBytes, 'uploads.imageMaxBytes'),
      fileMaxBytes: count(uploads.fileMaxBytes, 'uploads.fileMaxBytes'),
      filesPerLab: count(uploads.filesPerLab, 'uploads.filesPerLab'),
    },
  };
}

function record(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} is not an object`);
  }
  return value as Record<string, unknown>;
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new TypeError(`${name} is not a string`);
  return value;
}

function count(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new TypeError(`${name} is not a positive whole number`);
  }
  return value;
}

function flag(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw new TypeError(`${name} is not a boolean`);
  return value;
}

function optionalText<K extends string>(value: unknown, key: K): { [P in K]?: string } {
  if (value === undefined) return {};
  return { [key]: text(value, `identity.${key}`) } as { [P in K]?: string };
}

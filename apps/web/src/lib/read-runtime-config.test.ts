import { runtimeConfigSchema } from '@hackclass/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './read-runtime-config';

const selfHosted = {
  productName: 'HackClass',
  apiBaseUrl: '/api',
  identity: { apiKey: 'key', projectId: 'hackclass', emulatorOrigin: 'https://school.example' },
  targets: { enabled: true, attackBoxes: true },
  mail: { devOutbox: true },
  uploads: { imageMaxBytes: 5_242_880, fileMaxBytes: 20_971_520, filesPerLab: 10 },
};
const firebase = {
  ...selfHosted,
  identity: { apiKey: 'key', projectId: 'p', authDomain: 'p.firebaseapp.com' },
  targets: { enabled: false, attackBoxes: false },
};

/** The schema's verdict and value, or undefined when it refuses. */
const bySchema = (data: unknown) => {
  const parsed = runtimeConfigSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
};
const byReader = (data: unknown) => {
  try {
    return readRuntimeConfig(data);
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return undefined;
  }
};

describe('readRuntimeConfig', () => {
  it('reads what the server sends, dropping fields it does not know', () => {
    expect(readRuntimeConfig(selfHosted)).toEqual(selfHosted);
    expect(readRuntimeConfig({ ...firebase, extra: 1 })).toEqual(firebase);
  });

  it('names the field that is wrong', () => {
    expect(() => readRuntimeConfig(null)).toThrow('the configuration is not an object');
    expect(() => readRuntimeConfig({ ...selfHosted, apiBaseUrl: 3 })).toThrow(
      'apiBaseUrl is not a string',
    );
    expect(() =>
      readRuntimeConfig({ ...selfHosted, identity: { ...selfHosted.identity, authDomain: null } }),
    ).toThrow('identity.authDomain is not a string');
    expect(() => readRuntimeConfig({ ...selfHosted, targets: { enabled: 'yes' } })).toThrow(
      'targets.enabled is not a boolean',
    );
    expect(() =>
      readRuntimeConfig({ ...selfHosted, uploads: { ...selfHosted.uploads, filesPerLab: 1.5 } }),
    ).toThrow('uploads.filesPerLab is not a positive whole number');
  });

  it('accepts and refuses what runtimeConfigSchema does, with the same value', () => {
    const anyValue = fc.oneof(fc.string(), fc.boolean(), fc.integer(), fc.constant(null));
    const maybe = <T>(arbitrary: fc.Arbitrary<T>) =>
      fc.option(fc.oneof(arbitrary, anyValue), { nil: undefined });
    const config = fc.record(
      {
        productName: maybe(fc.string()),
        apiBaseUrl: maybe(fc.string()),
        identity: maybe(
          fc.record(
            {
              apiKey: maybe(fc.string()),
              projectId: maybe(fc.string()),
              emulatorOrigin: maybe(fc.string()),
              authDomain: maybe(fc.string()),
            },
            { requiredKeys: [] },
          ),
        ),
        targets: maybe(fc.record({ enabled: maybe(fc.boolean()) }, { requiredKeys: [] })),
        mail: maybe(fc.record({ devOutbox: maybe(fc.boolean()) }, { requiredKeys: [] })),
        uploads: maybe(
          fc.record(
            {
              imageMaxBytes: maybe(fc.integer({ min: -1, max: 1e9 })),
              fileMaxBytes: maybe(fc.oneof(fc.integer({ min: 0, max: 1e9 }), fc.double())),
              filesPerLab: maybe(fc.integer({ min: 0, max: 100 })),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(config, anyValue), (data) => {
        expect(byReader(data)).toEqual(bySchema(data));
      }),
      { numRuns: 2000 },
    );
  });
});

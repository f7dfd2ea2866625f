import { type LabTarget, labTargetFieldSchema, TARGET_LIMITS } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import {
  envRow,
  targetApiErrors,
  targetField,
  targetFormErrors,
  targetFormValues,
  toTargetInput,
} from './target-form';

const saved: LabTarget = {
  image: 'registry.school.example/labs/sqli:3',
  port: 3000,
  kind: 'tcp',
  env: [{ name: 'MODE', value: 'hard' }],
  memoryMb: 512,
  cpus: 1.5,
  pids: 128,
  lifetimeMinutes: 90,
  extendable: false,
  outbound: true,
  flagMode: 'per-student',
  flagPrefix: 'FLAG[',
  flagSuffix: ']',
};

const filled = () => ({ ...targetFormValues(), enabled: true, image: 'labs/web:1' });

describe('the target section of the lab form', () => {
  it('starts off, with the contract’s defaults', () => {
    const values = targetFormValues();
    expect(values.enabled).toBe(false);
    expect(values).toMatchObject({
      kind: 'http',
      env: [],
      memoryMb: TARGET_LIMITS.memoryMb.default,
      cpus: TARGET_LIMITS.cpus.default,
      pids: TARGET_LIMITS.pids.default,
      lifetimeMinutes: TARGET_LIMITS.lifetimeMinutes.default,
      extendable: true,
      outbound: false,
      flagMode: 'static',
    });
  });

  it('shows a saved definition and sends it back unchanged', () => {
    const values = targetFormValues(saved);
    expect(values.enabled).toBe(true);
    const field = targetField(values, true);
    expect(field).toBeDefined();
    expect(labTargetFieldSchema.parse(field)).toEqual(saved);
  });

  it('builds the JSON the API parses, trimmed, numbers as numbers', () => {
    const values = {
      ...filled(),
      image: '  labs/web:1 ',
      port: '8080',
      env: [envRow(' TOKEN ', 'a b ')],
    };
    const parsed = labTargetFieldSchema.parse(targetField(values, false));
    expect(parsed).toMatchObject({
      image: 'labs/web:1',
      port: 8080,
      env: [{ name: 'TOKEN', value: 'a b ' }],
      flagMode: 'static',
    });
  });

  it('sends prefix and suffix only with per-student flags', () => {
    const staticInput = toTargetInput({ ...filled(), flagPrefix: 'X{' });
    expect(staticInput).not.toHaveProperty('flagPrefix');
    const perStudent = toTargetInput({ ...filled(), flagMode: 'per-student', flagPrefix: 'X{' });
    expect(perStudent).toMatchObject({ flagPrefix: 'X{', flagSuffix: '}' });
  });

  it('sends null to remove a saved target, and nothing when there was none', () => {
    const off = { ...filled(), enabled: false };
    expect(targetField(off, true)).toBe('null');
    expect(targetField(off, false)).toBeUndefined();
  });

  it('checks nothing while the section is off', () => {
    expect(targetFormErrors({ ...targetFormValues(), image: '' })).toEqual({});
  });

  it('names the fields to correct, with the contract’s messages', () => {
    const errors = targetFormErrors({
      ...filled(),
      image: 'Not An Image',
      port: '',
      memoryMb: 1,
      env: [envRow('1BAD', 'x'), envRow('HACKCLASS_FLAG', 'y')],
    });
    expect(Object.keys(errors).sort()).toEqual([
      'env.0.name',
      'env.1.name',
      'image',
      'memoryMb',
      'port',
    ]);
    expect(errors.port).toBe('Enter the port');
    expect(errors.memoryMb).toBe(`The memory (MB) is at least ${TARGET_LIMITS.memoryMb.min}`);
  });

  it('refuses a variable named twice', () => {
    const errors = targetFormErrors({ ...filled(), env: [envRow('A', '1'), envRow('A', '2')] });
    expect(errors).toEqual({ env: 'Each variable name once' });
  });

  it('puts the API’s target errors at their fields, and a bare one on the section', () => {
    expect(
      targetApiErrors({
        name: ['Enter a name'],
        'target.memoryMb': ['At most 2048 MB on this server'],
        target: ['Send the target as a JSON object or null'],
      }),
    ).toEqual({
      fields: { memoryMb: 'At most 2048 MB on this server' },
      section: 'Send the target as a JSON object or null',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { diskHostConfig } from './disk';

const MIB = 1024 * 1024;

describe('a target’s disk bound', () => {
  it('makes the root read-only, with in-memory scratch places and VOLUMEs of half its memory', () => {
    expect(
      diskHostConfig({ mode: 'readonly', sizeMb: 1024, volumes: ['/data', '/tmp'] }, 256),
    ).toEqual({
      ReadonlyRootfs: true,
      Tmpfs: {
        '/tmp': 'size=128m,exec',
        '/var/tmp': 'size=128m,exec',
        '/run': 'size=128m,exec',
        '/data': 'size=128m,exec',
      },
    });
  });

  it('never sizes an in-memory place beyond the disk bound', () => {
    const { Tmpfs } = diskHostConfig({ mode: 'readonly', sizeMb: 64, volumes: [] }, 2048);
    expect(Object.values(Tmpfs ?? {})).toEqual(Array(3).fill('size=64m,exec'));
  });

  it('sizes the writable layer under a quota, and every file, VOLUMEs in memory', () => {
    expect(diskHostConfig({ mode: 'quota', sizeMb: 1024, volumes: ['/data'] }, 256)).toEqual({
      StorageOpt: { size: '1024m' },
      Tmpfs: { '/data': 'size=128m,exec' },
      Ulimits: [{ Name: 'fsize', Soft: 1024 * MIB, Hard: 1024 * MIB }],
    });
    expect(diskHostConfig({ mode: 'quota', sizeMb: 512, volumes: [] }, 256)).not.toHaveProperty(
      'Tmpfs',
    );
  });

  it('adds nothing when the operator bounds the disk (off)', () => {
    expect(diskHostConfig({ mode: 'off' }, 256)).toEqual({});
  });
});

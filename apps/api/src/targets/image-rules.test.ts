import { imageNameOf } from '@hackclass/engine';
import { describe, expect, it } from 'vitest';
import { type ImageFacts, imageVerdict, isAllowListed, isPrivateRegistry } from './image-rules';

const nameOf = (image: string) => {
  const name = imageNameOf(image);
  if (!name) throw new Error(`${image} is no reference`);
  return name;
};

describe('private registries', () => {
  it.each([
    '127.0.0.1:5999',
    '10.0.0.5',
    '192.168.1.20:5000',
    '169.254.169.254',
    '8.8.8.8',
    '2130706433:80',
    '0x7f.1:5000',
    '127.1:5000',
    'localhost',
    'localhost:5000',
    'registry:5000',
    'registry.localhost',
    'nas.local',
    'registry.corp.internal',
    'registry.home.arpa',
  ])('%s is one', (domain) => {
    expect(isPrivateRegistry(domain)).toBe(true);
  });

  it.each(['docker.io', 'registry.school.example', 'ghcr.io:443', '1password.example'])(
    '%s is none',
    (domain) => {
      expect(isPrivateRegistry(domain)).toBe(false);
    },
  );
});

describe('LAB_IMAGE_ALLOW', () => {
  it.each([
    [['registry.school.example/labs/'], 'registry.school.example/labs/sqli:3', true],
    [['registry.school.example/labs/'], 'Registry.School.Example/labs/sqli:3', true],
    [['registry.school.example/labs/'], 'registry.school.example/labsx/sqli:3', false],
    [['registry.school.example/labs/'], 'registry.school.example.evil.example/labs/x', false],
    [['registry.school.example/'], 'registry.school.example/any/thing:1', true],
    [['library/'], 'busybox:1.36', true],
    [['docker.io/'], 'someone/tool:1', true],
    [['busybox'], 'docker.io/library/busybox:latest', true],
    [['busybox'], 'busybox:1.36', false],
    [['busybox:1.36'], 'busybox:1.36', true],
    [['*'], 'registry.anywhere.example/x:1', true],
    [['*'], '127.0.0.1:5999/x', false],
    [['*'], 'localhost:5000/x', false],
    [['*', '127.0.0.1:5999/'], '127.0.0.1:5999/x', true],
    [['127.0.0.1:5999/labs/x:1'], '127.0.0.1:5999/labs/x:1', true],
    [[], 'busybox', false],
  ] as const)('%j covers %s: %s', (allow, image, covered) => {
    expect(isAllowListed(nameOf(image), allow)).toBe(covered);
  });
});

describe('whether a teacher may use an image', () => {
  const facts = (overrides: Partial<ImageFacts>): ImageFacts => ({
    allowListed: false,
    privateRegistry: false,
    engine: 'has',
    othersUse: false,
    ownerIsAdmin: false,
    ...overrides,
  });

  it.each([
    ['listed: pulled when absent', { allowListed: true, engine: 'lacks' }, 'pull'],
    [
      'listed, another teacher’s too: shared on purpose',
      { allowListed: true, othersUse: true },
      'pull',
    ],
    ['on the engine, their own', {}, 'local'],
    ['on the engine, another teacher’s', { othersUse: true }, 'refused'],
    [
      'on the engine, another teacher’s, for an admin',
      { othersUse: true, ownerIsAdmin: true },
      'local',
    ],
    ['absent and not listed', { engine: 'lacks' }, 'refused'],
    ['absent, for an admin', { engine: 'lacks', ownerIsAdmin: true }, 'refused'],
    ['on a private registry', { privateRegistry: true }, 'refused'],
    ['engine silent', { engine: 'silent' }, 'unknown'],
    ['engine silent, another teacher’s', { engine: 'silent', othersUse: true }, 'refused'],
    ['no engine at all: every name alike', { engine: 'none', othersUse: true }, 'unknown'],
  ] as const)('%s: %s', (_case, overrides, verdict) => {
    expect(imageVerdict(facts(overrides))).toBe(verdict);
  });
});

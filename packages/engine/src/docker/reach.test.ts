import { describe, expect, it } from 'vitest';
import { reachOf } from './reach';

const exposure = { address: '0.0.0.0', publicHost: 'labs.school.example' };

describe('where a Docker target is reached', () => {
  it('is its port on the bind address, for HackClass alone, without exposure', () => {
    expect(reachOf({ kind: 'tcp', hostPort: 42001 }, '127.0.0.1', undefined)).toEqual({
      internal: { host: '127.0.0.1', port: 42001 },
      exposed: undefined,
    });
  });

  it('is the public host for students and loopback for HackClass when TCP is exposed everywhere', () => {
    expect(reachOf({ kind: 'tcp', hostPort: 42001 }, '127.0.0.1', exposure)).toEqual({
      internal: { host: '127.0.0.1', port: 42001 },
      exposed: { host: 'labs.school.example', port: 42001 },
    });
    expect(
      reachOf({ kind: 'tcp', hostPort: 42001 }, '127.0.0.1', { ...exposure, address: '::' }),
    ).toMatchObject({ internal: { host: '::1', port: 42001 } });
  });

  it('never exposes an HTTP target: students reach it through the proxy', () => {
    expect(reachOf({ kind: 'http', hostPort: 42002 }, '10.0.0.5', exposure)).toEqual({
      internal: { host: '10.0.0.5', port: 42002 },
      exposed: undefined,
    });
  });
});

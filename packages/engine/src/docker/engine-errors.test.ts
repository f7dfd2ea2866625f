import { describe, expect, it } from 'vitest';
import { clientOptions } from './client';
import { engineMessage, imageError, startError } from './engine-errors';

// The engine's sentences as Docker 20.10 answers them; no registry is reachable from the tests,
// so refusals by one are classified from their text here.
const engineError = (statusCode: number, message: string) =>
  Object.assign(new Error(`(HTTP code ${statusCode}) server error - ${message} `), {
    statusCode,
    json: { message },
  });

describe('engine errors', () => {
  it.each([
    [
      "pull access denied for labs/sqli, repository does not exist or may require 'docker login': denied: requested access to the resource is denied",
      'pull_denied',
    ],
    [
      'Head "https://registry.school.example/v2/labs/sqli/manifests/3": unauthorized: authentication required',
      'pull_denied',
    ],
    ['manifest for labs/sqli:9 not found: manifest unknown: manifest unknown', 'image_missing'],
    [
      'Get "https://registry.school.example/v2/": dial tcp: lookup registry.school.example on 10.0.0.53:53: no such host',
      'image_missing',
    ],
    ['invalid reference format: repository name must be lowercase', 'image_missing'],
    [
      'error parsing HTTP 404 response body: invalid character \'<\' looking for beginning of value: "<!DOCTYPE HTML><html lang=\\"en\\">"',
      'image_missing',
    ],
  ])('reads "%s" as %s, in a fixed sentence', (message, code) => {
    const error = imageError(engineError(500, message));
    expect(error.code).toBe(code);
    expect(error.message).not.toContain('HTTP');
    expect(error.message).not.toContain('registry.school.example');
    expect(error.message).not.toContain('<');
    expect(engineMessage(error.cause)).toBe(message);
  });

  it.each([
    [
      'driver failed programming external connectivity on endpoint hackclass-x: Bind for 127.0.0.1:42000 failed: port is already allocated',
      'port_taken',
    ],
    [
      'driver failed programming external connectivity on endpoint hackclass-x: Error starting userland proxy: listen tcp4 127.0.0.1:42000: bind: address already in use',
      'port_taken',
    ],
    [
      'OCI runtime create failed: runc create failed: unable to start container process: cannot allocate memory',
      'out_of_memory',
    ],
    ['Minimum memory limit allowed is 6MB', 'start_failed'],
  ])('reads "%s" at start as %s', (message, code) => {
    expect(startError(42000, engineError(500, message)).code).toBe(code);
  });

  it('keeps the engine’s sentence short', () => {
    expect(engineMessage(engineError(500, `a${' long'.repeat(200)}`))).toHaveLength(300);
  });
});

describe('engine address', () => {
  it.each([
    ['unix:///run/user/1000/docker.sock', { socketPath: '/run/user/1000/docker.sock' }],
    ['tcp://10.1.2.3:2375', { protocol: 'http', host: '10.1.2.3', port: '2375' }],
    [
      'engine.school.example:2376',
      { protocol: 'https', host: 'engine.school.example', port: '2376' },
    ],
    [
      'ssh://labs@engine.school.example',
      { protocol: 'ssh', host: 'engine.school.example', username: 'labs' },
    ],
  ])('reads %s', (dockerHost, expected) => {
    expect(clientOptions(dockerHost)).toMatchObject(expected);
  });
});

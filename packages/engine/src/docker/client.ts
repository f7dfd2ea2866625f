import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Docker from 'dockerode';

/**
 * A client for the Engine API at `dockerHost` (`unix:///run/docker.sock`, `tcp://host:2375`,
 * `tcp://host:2376` with TLS from DOCKER_CERT_PATH, `ssh://user@host`), or where DOCKER_HOST and
 * the default socket say when it is absent, as the docker CLI does.
 */
export function dockerClient(dockerHost: string | undefined): Docker {
  if (dockerHost === undefined || dockerHost === '') return new Docker();
  return new Docker(clientOptions(dockerHost));
}

export function clientOptions(dockerHost: string): Docker.DockerOptions {
  if (dockerHost.startsWith('unix://')) {
    // `host: undefined` overrides a DOCKER_HOST the client library would otherwise read.
    return { socketPath: dockerHost.slice('unix://'.length), host: undefined };
  }
  const url = new URL(dockerHost.includes('//') ? dockerHost : `tcp://${dockerHost}`);
  if (url.protocol === 'ssh:') {
    return {
      protocol: 'ssh',
      host: url.hostname,
      port: url.port || 22,
      username: decodeURIComponent(url.username),
      sshOptions: { agent: process.env.SSH_AUTH_SOCK },
    };
  }
  const tls =
    url.protocol === 'https:' || url.port === '2376' || process.env.DOCKER_TLS_VERIFY === '1';
  const certs = process.env.DOCKER_CERT_PATH;
  return {
    protocol: tls ? 'https' : 'http',
    host: url.hostname,
    port: url.port || (tls ? 2376 : 2375),
    ...(tls && certs
      ? {
          ca: readFileSync(join(certs, 'ca.pem')),
          cert: readFileSync(join(certs, 'cert.pem')),
          key: readFileSync(join(certs, 'key.pem')),
        }
      : {}),
  };
}

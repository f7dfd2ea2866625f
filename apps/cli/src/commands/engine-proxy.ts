import { chmod, rm } from 'node:fs/promises';
import { type Command, parseCommandArgs, UsageError } from '../command';

const DEFAULT_ENGINE = '/var/run/docker.sock';

export const engineProxyCommand: Command = {
  name: 'engine-proxy',
  summary: 'engine-proxy --listen <socket>: the Docker engine, to HackClass in a container, safely',
  usage: [
    'Usage: npx hackclass engine-proxy --listen <socket> [--engine <socket>]',
    '',
    `Serves the Engine API of the engine at --engine (${DEFAULT_ENGINE}) on the Unix socket`,
    '--listen, passing on only the calls HackClass makes for live targets and attack boxes: on',
    'its own containers and networks, made with its confinement. Give HackClass the --listen',
    'socket (DOCKER_HOST=unix://<socket>), never the engine’s own: see compose.targets.yaml.',
    'Runs until stopped.',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      listen: { type: 'string' },
      engine: { type: 'string', default: DEFAULT_ENGINE },
    });
    if (positionals.length > 0) throw new UsageError('engine-proxy takes options only');
    if (!values.listen) throw new UsageError('Name the socket to serve with --listen');
    const { engineProxy } = await import('@hackclass/engine/proxy');
    const server = engineProxy({ engineSocket: values.engine });
    // A socket left by a proxy that was killed would refuse the new one.
    await rm(values.listen, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(values.listen, resolve);
    });
    // HackClass runs as another user than the proxy, which the engine's socket needs as root:
    // the folder holding the socket, shared with HackClass's container alone, is what guards it.
    await chmod(values.listen, 0o666);
    io.out(`Serving the engine at ${values.engine} on ${values.listen}\n`);
    await io.untilInterrupted();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    return 0;
  },
};

import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from '@hackclass/http/testing';

/** A TCP relay in front of PostgreSQL that a test can cut and restore, like a network fault. */
export class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  up(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    return new Promise((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
  }

  down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** `databaseUrl` with its host and port replaced by the relay's. */
  urlFor(databaseUrl: string): string {
    const viaRelay = new URL(databaseUrl);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(this.port);
    return viaRelay.toString();
  }
}

/** A relay on a free port in front of the server of `databaseUrl`, already up. */
export async function relayTo(databaseUrl: string): Promise<Relay> {
  const target = new URL(databaseUrl);
  const relay = new Relay(await freePort(), {
    host: target.hostname,
    port: Number(target.port || 5432),
  });
  await relay.up();
  return relay;
}

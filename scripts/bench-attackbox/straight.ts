import Docker from 'dockerode';
import { type Keyboard, Screen } from './terminal';

/**
 * The box's terminal straight from the engine, as HackClass itself attaches to it (no log, no
 * WebSocket): the baseline of the keystroke round trip. close() detaches; the shell goes on.
 */
export async function attachStraight(boxId: string): Promise<Keyboard & { close(): void }> {
  const container = new Docker().getContainer(`hackclass-${boxId}`);
  const stream = await container.attach({
    stream: true,
    stdin: true,
    stdout: true,
    stderr: true,
    hijack: true,
    logs: false,
  });
  const screen = new Screen();
  stream.on('data', (chunk: Buffer) => screen.feed(chunk));
  stream.on('error', () => undefined);
  return {
    screen,
    type: (bytes) => stream.write(Buffer.from(bytes, 'latin1')),
    close: () => (stream as unknown as { destroy(): void }).destroy(),
  };
}

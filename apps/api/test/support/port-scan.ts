import { connect } from 'node:net';

/** Whether a TCP connection to `address:port` is accepted within `timeoutMs`. */
export function accepts(address: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Every port from 1 to 65535 that accepts a TCP connection on `address`, in order. */
export async function openPorts(address: string, concurrency = 512): Promise<number[]> {
  const open: number[] = [];
  let next = 1;
  const worker = async () => {
    while (next <= 65_535) {
      const port = next++;
      if (await accepts(address, port)) open.push(port);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return open.sort((a, b) => a - b);
}

/**
 * What a port says to a client that sends `probe` and waits up to `waitMs`: an HTTP target
 * answers its page, an echoing TCP target the probe itself.
 */
export function answerOf(address: string, port: number, probe: string, waitMs = 1_000) {
  return new Promise<string>((resolve) => {
    let answer = '';
    const socket = connect({ host: address, port });
    const done = () => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(waitMs, done);
    socket.once('connect', () => socket.write(probe));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.once('error', done);
    socket.once('close', done);
  });
}

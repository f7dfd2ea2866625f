import type { TargetTunnel } from '@hackclass/contracts';
import WebSocket, { createWebSocketStream } from 'ws';

/**
 * Sends `line` through a TCP target's tunnel and resolves to what comes back within `waitMs`,
 * or rejects with the refusal's status when the upgrade is refused.
 */
export function throughTunnel(
  { url, token }: Pick<TargetTunnel, 'url' | 'token'>,
  line: string,
  waitMs = 3_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`refused: ${response.statusCode}`));
    });
    socket.once('error', reject);
    socket.once('open', () => {
      const stream = createWebSocketStream(socket);
      let answer = '';
      const timer = setTimeout(() => {
        socket.terminate();
        resolve(answer);
      }, waitMs);
      stream.on('data', (chunk: Buffer) => {
        answer += chunk.toString();
        if (answer.includes(line)) {
          clearTimeout(timer);
          socket.close();
          resolve(answer);
        }
      });
      stream.on('error', () => undefined);
      stream.write(line);
    });
  });
}

/**
 * Opens a TCP target's tunnel and keeps it open, sending nothing: resolves once it is open,
 * with `closed`, the moment (Date.now()) it closes.
 */
export function openTunnel({ url, token }: Pick<TargetTunnel, 'url' | 'token'>) {
  return new Promise<{ closed: Promise<number> }>((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`refused: ${response.statusCode}`));
    });
    socket.once('error', reject);
    socket.once('open', () => {
      socket.on('error', () => undefined);
      resolve({ closed: new Promise((closed) => socket.once('close', () => closed(Date.now()))) });
    });
  });
}

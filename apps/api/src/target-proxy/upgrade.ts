import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Upstream } from './gate';
import { requestHeadersForTarget } from './headers';

/** A plain HTTP answer written straight on an upgrade's socket, which is then closed. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string, text: string) {
  const body = `${text}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/**
 * A WebSocket (or any upgrade) to the target: a TCP connection of its own to the published
 * port, the upgrade request replayed with the same filtered headers as any request, then bytes
 * piped both ways until either side closes, or until no byte has passed either way for
 * `idleMs`. `open` holds both sockets while the tunnel lives. The caller has checked that the
 * browser is still connected.
 */
export function tunnelUpgrade(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  { address, port }: Upstream,
  { proto, open, idleMs }: { proto: string; open: Set<Duplex>; idleMs: number },
): void {
  const target: Socket = connect({ host: address, port });
  // Every byte of the tunnel passes through this socket, whichever way it goes.
  target.setTimeout(idleMs, () => socket.destroy());
  let connected = false;
  open.add(socket);
  open.add(target);
  const forget = () => {
    open.delete(socket);
    open.delete(target);
  };
  target.once('connect', () => {
    connected = true;
    const headers = requestHeadersForTarget(request.rawHeaders, {
      clientAddress: request.socket.remoteAddress,
      proto,
      upgrade: true,
    });
    let lines = `${request.method} ${request.url} HTTP/1.1\r\n`;
    for (let index = 0; index + 1 < headers.length; index += 2) {
      lines += `${headers[index]}: ${headers[index + 1]}\r\n`;
    }
    target.write(`${lines}\r\n`);
    if (head.length > 0) target.write(head);
    target.pipe(socket);
    socket.pipe(target);
  });
  target.on('error', () => {
    if (connected) socket.destroy();
    else refuseUpgrade(socket, 502, 'Bad Gateway', 'This target does not answer');
  });
  socket.on('error', () => target.destroy());
  socket.on('close', () => {
    target.destroy();
    forget();
  });
  target.on('close', () => {
    if (connected) socket.destroy();
    forget();
  });
}

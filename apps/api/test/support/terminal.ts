import { WebSocket } from 'ws';

/**
 * An attack box's terminal opened as the page opens it: the ticket's URL, from `origin`. What it
 * shows builds up in `screen`, the text messages in `texts`.
 */
export function openTerminal(url: string | URL, origin: string) {
  const socket = new WebSocket(url, { origin });
  // A refused or reset connection ends in `close` (and `opened` rejects): never an uncaught error.
  socket.on('error', () => undefined);
  let screen = '';
  const texts: unknown[] = [];
  socket.on('message', (data, isBinary) => {
    if (isBinary) screen += String(data);
    else texts.push(JSON.parse(String(data)));
  });
  return {
    socket,
    texts,
    get screen() {
      return screen;
    },
    opened: new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_, response) =>
        reject(new Error(`refused with ${response.statusCode}`)),
      );
      socket.once('error', reject);
    }),
    closed: new Promise<number>((resolve) => socket.once('close', (code) => resolve(code))),
  };
}

export type TerminalClient = ReturnType<typeof openTerminal>;

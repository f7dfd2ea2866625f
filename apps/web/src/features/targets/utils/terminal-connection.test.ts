import type { AddressInfo } from 'node:net';
import { TERMINAL_CLOSE } from '@hackclass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { type WebSocket as ServerSocket, WebSocketServer } from 'ws';
import { ApiError } from '@/lib/errors';
import { connectTerminal, type TerminalStatus } from './terminal-connection';

/** A terminal server on loopback: what each connection does is the test's. */
async function terminalServer(onConnection: (socket: ServerSocket, count: number) => void) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  let count = 0;
  server.on('connection', (socket) => onConnection(socket, ++count));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `ws://127.0.0.1:${port}/terminal`,
    connections: () => count,
    close: () => {
      for (const client of server.clients) client.terminate();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What a terminal connection told the page, as it told it. */
function recorder() {
  const seen = {
    statuses: [] as TerminalStatus[],
    screen: '',
    resets: 0,
    watchers: [] as string[][],
  };
  const decoder = new TextDecoder();
  return {
    seen,
    handlers: {
      onReset: () => {
        seen.resets += 1;
        seen.screen = '';
      },
      onData: (bytes: Uint8Array) => {
        seen.screen += decoder.decode(bytes);
      },
      onStatus: (status: TerminalStatus) => seen.statuses.push(status),
      onWatchers: (names: string[]) => seen.watchers.push(names),
    },
    last: () => seen.statuses.at(-1),
  };
}

const servers: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('a terminal connection', () => {
  it('shows the screen, sends keystrokes and the latest size, and hears who watches', async () => {
    const received: string[] = [];
    const terminal = await terminalServer((socket) => {
      socket.send(Buffer.from('/root # '), { binary: true });
      socket.send(JSON.stringify({ type: 'watchers', names: ['Tara Teacher'] }));
      socket.on('message', (data, isBinary) =>
        received.push(`${isBinary ? 'key' : 'text'}:${data}`),
      );
    });
    servers.push(terminal);
    const record = recorder();
    const connection = connectTerminal(record.handlers, {
      openTicket: async () => ({ url: terminal.url, watching: false }),
    });
    connection.resize(80, 24);
    connection.resize(120, 40);
    await expect.poll(() => record.last()).toEqual({ kind: 'open', watching: false });
    connection.type('ls\r');
    await expect
      .poll(() => received)
      .toEqual(['text:{"type":"resize","cols":120,"rows":40}', 'key:ls\r']);
    await expect.poll(() => record.seen.screen).toBe('/root # ');
    expect(record.seen.watchers).toEqual([['Tara Teacher']]);
    connection.close();
  });

  it('ends for good when the box stops or access ends, without trying again', async () => {
    for (const [code, reason] of [
      [TERMINAL_CLOSE.boxEnded, 'box'],
      [TERMINAL_CLOSE.accessEnded, 'access'],
    ] as const) {
      const terminal = await terminalServer((socket) => socket.close(code, 'over'));
      servers.push(terminal);
      const record = recorder();
      connectTerminal(record.handlers, {
        openTicket: async () => ({ url: terminal.url, watching: false }),
        delays: [10, 10],
      });
      await expect.poll(() => record.last()?.kind).toBe('ended');
      expect(record.last()).toMatchObject({ kind: 'ended', reason });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(terminal.connections()).toBe(1);
    }
  });

  it('connects again with a fresh ticket when the connection drops, the screen replayed', async () => {
    const terminal = await terminalServer((socket, count) => {
      socket.send(Buffer.from(`screen ${count}`), { binary: true });
      if (count === 1) setTimeout(() => socket.terminate(), 50);
    });
    servers.push(terminal);
    const record = recorder();
    let tickets = 0;
    connectTerminal(record.handlers, {
      openTicket: async () => {
        tickets += 1;
        return { url: terminal.url, watching: true };
      },
      delays: [10, 10],
    });
    await expect.poll(() => record.seen.screen).toBe('screen 2');
    expect(tickets).toBe(2);
    expect(record.seen.resets).toBe(2);
    expect(record.seen.statuses.map((status) => status.kind)).toEqual([
      'connecting',
      'open',
      'reconnecting',
      'open',
    ]);
    expect(record.last()).toEqual({ kind: 'open', watching: true });
  });

  it('gives up after its tries, says so, and tries again when asked', async () => {
    let refusing = true;
    const terminal = await terminalServer((socket) => {
      if (refusing) socket.terminate();
    });
    servers.push(terminal);
    const record = recorder();
    const connection = connectTerminal(record.handlers, {
      openTicket: async () => ({ url: terminal.url, watching: false }),
      delays: [10, 10],
    });
    await expect.poll(() => record.last()?.kind).toBe('ended');
    expect(record.last()).toMatchObject({ reason: 'dropped' });
    expect(terminal.connections()).toBe(3);
    refusing = false;
    connection.reconnect();
    await expect.poll(() => record.last()).toEqual({ kind: 'open', watching: false });
    connection.close();
  });

  it('ends when the API says the box is gone, and retries a ticket the network lost', async () => {
    const record = recorder();
    connectTerminal(record.handlers, {
      openTicket: async () => {
        throw new ApiError({ status: 409, title: 'Gone', code: 'box_gone' });
      },
    });
    await expect.poll(() => record.last()).toMatchObject({ kind: 'ended', reason: 'box' });

    const terminal = await terminalServer(() => undefined);
    servers.push(terminal);
    const again = recorder();
    let asked = 0;
    connectTerminal(again.handlers, {
      openTicket: async () => {
        asked += 1;
        if (asked === 1) throw new TypeError('Failed to fetch');
        return { url: terminal.url, watching: false };
      },
      delays: [10],
    });
    await expect.poll(() => again.last()).toEqual({ kind: 'open', watching: false });
  });
});

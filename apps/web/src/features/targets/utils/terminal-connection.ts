import {
  TERMINAL_CLOSE,
  type TerminalTicket,
  terminalServerMessageSchema,
} from '@hackclass/contracts';
import { isApiError } from '@/lib/errors';

/** Where the terminal's connection stands, as the page says it. */
export type TerminalStatus =
  | { kind: 'connecting' }
  | { kind: 'open'; watching: boolean }
  | { kind: 'reconnecting'; attempt: number }
  /** For good: the box stopped, or the user may no longer reach it, or tries ran out. */
  | { kind: 'ended'; reason: 'box' | 'access' | 'dropped'; message: string };

export interface TerminalHandlers {
  /** The screen starts again from the box's first byte: clear it. */
  onReset(): void;
  onData(bytes: Uint8Array): void;
  onStatus(status: TerminalStatus): void;
  onWatchers(names: string[]): void;
}

export interface TerminalConnectionOptions {
  /** A fresh single-use ticket for each (re)connection. */
  openTicket(): Promise<TerminalTicket>;
  /** Waits before each reconnection, in ms: the n-th's is `delays[n - 1]`. */
  delays?: readonly number[];
  createSocket?(url: string): WebSocket;
}

const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000];

const ENDED = {
  box: 'Your attack box stopped. Start it again to go on.',
  access: 'You can no longer open this terminal.',
  dropped: 'The connection to the terminal dropped and could not be made again.',
} as const;

const isBoxGone = (error: unknown) =>
  isApiError(error) &&
  (['target_not_running', 'box_gone', 'not_a_box', 'not_found'] as string[]).includes(error.code);

/**
 * A box's terminal over its WebSocket, made again when it drops (the shell goes on inside the
 * box, and the box replays its screen to each new connection). Keystrokes and sizes typed
 * while it reconnects are dropped but for the last size, sent once it is back.
 */
export function connectTerminal(handlers: TerminalHandlers, options: TerminalConnectionOptions) {
  const delays = options.delays ?? RETRY_DELAYS_MS;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | undefined;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let size: { cols: number; rows: number } | undefined;
  const encoder = new TextEncoder();

  const end = (reason: keyof typeof ENDED) => {
    handlers.onStatus({ kind: 'ended', reason, message: ENDED[reason] });
  };

  const retry = () => {
    if (closed) return;
    attempt += 1;
    const delay = delays[attempt - 1];
    if (delay === undefined) {
      end('dropped');
      return;
    }
    handlers.onStatus({ kind: 'reconnecting', attempt });
    timer = setTimeout(connect, delay);
  };

  const sendSize = () => {
    if (size && socket?.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: 'resize', ...size }));
    }
  };

  async function connect() {
    if (closed) return;
    let ticket: TerminalTicket;
    try {
      ticket = await options.openTicket();
    } catch (error) {
      if (isBoxGone(error)) end('box');
      else retry();
      return;
    }
    if (closed) return;
    const current = createSocket(ticket.url);
    socket = current;
    current.binaryType = 'arraybuffer';
    current.onopen = () => {
      handlers.onReset();
      handlers.onStatus({ kind: 'open', watching: ticket.watching });
      sendSize();
    };
    current.onmessage = (event: MessageEvent) => {
      // The box's screen came: the connection works (one the server drops at once does not).
      attempt = 0;
      if (event.data instanceof ArrayBuffer) {
        handlers.onData(new Uint8Array(event.data));
        return;
      }
      const message = terminalServerMessageSchema.safeParse(safeJson(String(event.data)));
      if (message.success) handlers.onWatchers(message.data.names);
    };
    current.onclose = (event: CloseEvent) => {
      if (closed || socket !== current) return;
      socket = undefined;
      if (event.code === TERMINAL_CLOSE.boxEnded) end('box');
      else if (event.code === TERMINAL_CLOSE.accessEnded) end('access');
      else retry();
    };
  }

  handlers.onStatus({ kind: 'connecting' });
  void connect();

  return {
    /** What the student types, as the terminal emulator encodes it. */
    type(data: string) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(encoder.encode(data));
    },
    resize(cols: number, rows: number) {
      size = { cols, rows };
      sendSize();
    },
    /** Tries again at once, after the tries ran out. */
    reconnect() {
      clearTimeout(timer);
      attempt = 0;
      handlers.onStatus({ kind: 'connecting' });
      void connect();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close(1000);
      socket = undefined;
    },
  };
}

export type TerminalConnection = ReturnType<typeof connectTerminal>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

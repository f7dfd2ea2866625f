import { WebSocket } from 'ws';

const WAIT_MS = 30_000;

// Colours, cursor moves, bracketed paste and the window title, which the shell mixes in.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
const ESCAPES = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]/g;

/** Whether the screen ends with a shell's prompt (`…$ ` or `…# `), escapes left out. */
export const showsPrompt = (screen: string) => /[#$] $/.test(screen.replace(ESCAPES, ''));

/** What a terminal's screen has shown, and waits for what it will show. */
export class Screen {
  text = '';
  private waiters: { test: (text: string) => boolean; done: (at: number) => void }[] = [];

  feed(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.text += chunk.toString('latin1');
    const at = performance.now();
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.test(this.text)) return true;
      waiter.done(at);
      return false;
    });
  }

  /** Resolves with the time (performance.now()) of the chunk after which `test` holds. */
  until(what: string, test: (text: string) => boolean, timeoutMs = WAIT_MS): Promise<number> {
    if (test(this.text)) return Promise.resolve(performance.now());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.done !== done);
        reject(new Error(`${what}: nothing after ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const done = (at: number) => {
        clearTimeout(timer);
        resolve(at);
      };
      this.waiters.push({ test, done });
    });
  }

  /** Resolves once nothing has shown for `ms` (a screen replayed on attach has all come). */
  async quiet(ms = 200): Promise<void> {
    while ((await this.anyMore(ms)) !== undefined) {}
  }

  /** Resolves when anything new shows (the time it did), or after `timeoutMs` (undefined). */
  anyMore(timeoutMs: number): Promise<number | undefined> {
    const mark = this.text.length;
    return this.until('', (text) => text.length > mark, timeoutMs).catch(() => undefined);
  }
}

/** Keystrokes in, screen out: the terminal through HackClass, or the engine's attach straight. */
export interface Keyboard {
  screen: Screen;
  type(bytes: string): void;
}

export interface BrowserTerminal extends Keyboard {
  socket: WebSocket;
  /** When the socket opened (performance.now()). */
  opened: number;
  close(): void;
}

/**
 * Opens the terminal as the page does: the ticket's WebSocket, from HackClass's own origin (the
 * ticket's, which is PUBLIC_URL's); binary messages are the screen, keystrokes go out binary.
 */
export async function openTerminal(url: string): Promise<BrowserTerminal> {
  const origin = new URL(url.replace(/^ws/, 'http')).origin;
  const socket = new WebSocket(url, { origin, perMessageDeflate: false });
  const screen = new Screen();
  socket.on('message', (data, isBinary) => {
    if (isBinary) screen.feed(Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_, response) =>
      reject(new Error(`the terminal was refused with ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  return {
    socket,
    screen,
    opened: performance.now(),
    type: (bytes) => socket.send(Buffer.from(bytes, 'latin1'), { binary: true }),
    close: () => socket.close(),
  };
}

/** The size the page's terminal reports once it is laid out. */
export const resize = (terminal: BrowserTerminal, cols = 120, rows = 40) =>
  terminal.socket.send(JSON.stringify({ type: 'resize', cols, rows }));

import type { IncomingMessage } from 'node:http';
import type { Duplex, Readable } from 'node:stream';
import {
  ATTACK_BOX_KIND,
  TERMINAL_CLOSE,
  type TerminalServerMessage,
  terminalClientMessageSchema,
} from '@hackclass/contracts';
import { EngineError } from '@hackclass/engine';
import { eq } from 'drizzle-orm';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { targets } from '../../db/schema';
import type { TerminalEvents } from '../../events/terminal-events';
import type { TargetService } from '../../targets/service';
import { userName } from '../../users/member-name';
import { openSlots } from '../slots';
import { targetAccessOf } from '../target-access';
import { redeemTicket } from '../tickets';
import { refuseUpgrade } from '../upgrade';
import { watcherList } from './watcher-list';

/** How often an open terminal checks that its box runs and its user may still reach it. */
export const TERMINAL_RECHECK_MS = 5_000;
/** How often a watcher tells the box's owner they still watch. */
export const WATCH_REPEAT_MS = 15_000;
/** Keystrokes move an attack box's idle clock at most this often (one write a minute). */
const ACTIVITY_WRITE_MS = 60_000;
/**
 * Terminals one person holds open at once (each one an attach in the engine), per server
 * process, and watching one box: enough for tabs and a classroom's teachers, not for a flood.
 */
export const TERMINAL_SLOTS = { perUser: 8, perTarget: 16 };

const REFUSALS = {
  403: ['Forbidden', 'This terminal was opened from another site'],
  401: ['Unauthorized', 'This terminal link is used up or too old: open the terminal again'],
  409: ['Conflict', 'This attack box is not running: start it again'],
  429: ['Too Many Requests', 'Too many terminals are open: close some of their tabs first'],
  503: ['Service Unavailable', 'HackClass cannot open this terminal right now: try again'],
} as const;

/**
 * Attack boxes' terminals: a WebSocket on HackClass's own host, opened with a single-use ticket
 * from the terminal route, from HackClass's own pages only (Origin checked). The box's owner
 * types; anyone else the ticket was for (a teacher of the classroom, an admin) watches, and the
 * owner's pages are told who. Each replica attaches to the box's terminal in the engine itself,
 * so any replica serves any terminal, and a reload or a dropped connection finds the screen as
 * it was. Closed when the box stops, or the user may no longer reach it.
 */
export function terminals({
  service,
  terminalEvents,
  publicUrl,
}: {
  service: TargetService;
  terminalEvents: TerminalEvents;
  publicUrl: string;
}) {
  const server = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const slots = openSlots(TERMINAL_SLOTS);
  const origin = new URL(publicUrl).origin;
  const { db, log } = service;

  /** Whether the user still reaches the running box, and as its owner. */
  const accessOf = async (boxId: string, userId: string) => {
    const access = await targetAccessOf(db, boxId, userId);
    if (!access?.allowed) return 'refused' as const;
    if (access.kind !== ATTACK_BOX_KIND || access.state !== 'running') return 'ended' as const;
    return access.owner ? ('owner' as const) : ('watcher' as const);
  };

  function keepChecking(socket: WebSocket, boxId: string, userId: string) {
    const timer = setInterval(() => {
      accessOf(boxId, userId).then(
        (access) => {
          if (access === 'refused') socket.close(TERMINAL_CLOSE.accessEnded, 'Access ended');
          if (access === 'ended') socket.close(TERMINAL_CLOSE.boxEnded, 'The box stopped');
        },
        // The database away for a moment keeps the terminal open.
        (error: unknown) => log.warn({ err: error, boxId }, 'terminal: cannot check access'),
      );
    }, TERMINAL_RECHECK_MS);
    socket.once('close', () => clearInterval(timer));
  }

  /** The screen goes to the page; the engine's stream ends only with the box. */
  function forward(socket: WebSocket, stream: NodeJS.ReadableStream) {
    stream.on('data', (chunk: Buffer) => {
      if (socket.readyState === socket.OPEN) socket.send(chunk, { binary: true });
    });
    stream.on('error', () => socket.close(TERMINAL_CLOSE.engineFailed, 'The terminal failed'));
    stream.on('end', () => socket.close(TERMINAL_CLOSE.boxEnded, 'The box stopped'));
  }

  async function type(socket: WebSocket, boxId: string) {
    const boxes = service.driver?.boxes;
    if (!boxes) throw new EngineError('box_gone', 'This server runs no attack boxes.');
    const terminal = await boxes.attach(boxId);
    // The page may have gone while the engine attached.
    if (socket.readyState !== socket.OPEN) {
      terminal.destroy();
      return;
    }
    socket.once('close', () => terminal.destroy());
    forward(socket, terminal);
    let lastActivity = 0;
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) {
        terminal.write(Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]));
        if (Date.now() - lastActivity > ACTIVITY_WRITE_MS) {
          lastActivity = Date.now();
          db.update(targets)
            .set({ activeAt: new Date() })
            .where(eq(targets.id, boxId))
            .catch((error: unknown) => log.warn({ err: error, boxId }, 'terminal: activity'));
        }
        return;
      }
      const message = terminalClientMessageSchema.safeParse(safeJson(String(data)));
      if (message.success && message.data.type === 'resize') {
        boxes.resize(boxId, message.data).catch(() => undefined);
      }
    });
    const watchers = watcherList((names) => {
      const message: TerminalServerMessage = { type: 'watchers', names };
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    });
    const stopListening = terminalEvents.subscribe(boxId, watchers.saw);
    socket.once('close', () => {
      stopListening();
      watchers.close();
    });
  }

  async function watch(socket: WebSocket, boxId: string, userId: string) {
    const boxes = service.driver?.boxes;
    if (!boxes) throw new EngineError('box_gone', 'This server runs no attack boxes.');
    const screen = (await boxes.watch(boxId)) as Readable;
    if (socket.readyState !== socket.OPEN) {
      screen.destroy();
      return;
    }
    socket.once('close', () => screen.destroy());
    forward(socket, screen);
    const watcher = { id: userId, name: (await userName(db, userId)) ?? 'A teacher' };
    const tell = (watching: boolean) => terminalEvents.publish(boxId, { boxId, watcher, watching });
    tell(true);
    const timer = setInterval(() => tell(true), WATCH_REPEAT_MS);
    socket.once('close', () => {
      clearInterval(timer);
      tell(false);
    });
  }

  return {
    /** Answers a terminal upgrade for `boxId`: refused in plain HTTP, or the terminal. */
    async handle(request: IncomingMessage, socket: Duplex, head: Buffer, boxId: string) {
      const refuse = (status: keyof typeof REFUSALS) => {
        const [reason, text] = REFUSALS[status];
        refuseUpgrade(socket, status, reason, text);
      };
      if (request.headers.origin !== origin) return refuse(403);
      const ticket = new URL(request.url ?? '/', origin).searchParams.get('ticket') ?? '';
      let userId: string | undefined;
      let access: Awaited<ReturnType<typeof accessOf>>;
      try {
        userId = await redeemTicket(db, { ticket, targetId: boxId });
        if (!userId) return refuse(401);
        access = await accessOf(boxId, userId);
      } catch (error) {
        log.warn({ err: error, boxId }, 'terminal: cannot check a ticket');
        return refuse(503);
      }
      if (access === 'refused') return refuse(401);
      if (access === 'ended') return refuse(409);
      if (socket.destroyed) return;
      const user = userId;
      const release = slots.take(user, boxId);
      if (!release) return refuse(429);
      socket.once('close', release);
      server.handleUpgrade(request, socket, head, (webSocket) => {
        keepChecking(webSocket, boxId, user);
        const open = access === 'owner' ? type : watch;
        // Keystrokes sent at once wait until the box's terminal is attached.
        webSocket.pause();
        open(webSocket, boxId, user).then(
          () => webSocket.resume(),
          (error: unknown) => {
            const gone = error instanceof EngineError && error.code === 'box_gone';
            if (!gone) log.warn({ err: error, boxId }, 'terminal: cannot attach');
            webSocket.close(
              gone ? TERMINAL_CLOSE.boxEnded : TERMINAL_CLOSE.engineFailed,
              gone ? 'The box stopped' : 'The terminal failed',
            );
          },
        );
      });
    },

    /** Closes every open terminal (the server is closing); the shells go on in their boxes. */
    closeAll() {
      for (const client of server.clients) client.terminate();
    },
  };
}

export type Terminals = ReturnType<typeof terminals>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

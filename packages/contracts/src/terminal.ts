import { z } from 'zod';

/**
 * An attack box's terminal WebSocket carries the screen's bytes as binary messages (keystrokes
 * the other way, from the box's owner only), and these as text messages.
 */
export const terminalClientMessageSchema = z.discriminatedUnion('type', [
  /** From the owner's page: the terminal's size in cells. */
  z.object({
    type: z.literal('resize'),
    cols: z.number().int().min(1).max(1000),
    rows: z.number().int().min(1).max(1000),
  }),
]);
export type TerminalClientMessage = z.infer<typeof terminalClientMessageSchema>;

export const terminalServerMessageSchema = z.discriminatedUnion('type', [
  /** To the owner's page: who watches their terminal now (teachers helping), by name. */
  z.object({ type: z.literal('watchers'), names: z.array(z.string()) }),
]);
export type TerminalServerMessage = z.infer<typeof terminalServerMessageSchema>;

/** Close codes of the terminal's WebSocket, for the page to say what happened in words. */
export const TERMINAL_CLOSE = {
  /** The box is not running (stopped, expired, failed). */
  boxEnded: 4000,
  /** The user may no longer reach it (left the classroom, disabled). */
  accessEnded: 1008,
  /** The engine failed or does not answer. */
  engineFailed: 1011,
} as const;

/**
 * Between replicas: someone (a teacher) watches an attack box's terminal, or stopped. Repeated
 * while they watch, so that the owner's terminal opened later learns it too.
 */
export const terminalWatchEventSchema = z.object({
  boxId: z.uuid(),
  watcher: z.object({ id: z.uuid(), name: z.string() }),
  watching: z.boolean(),
});
export type TerminalWatchEvent = z.infer<typeof terminalWatchEventSchema>;

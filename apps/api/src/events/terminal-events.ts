import type { TerminalWatchEvent } from '@hackclass/contracts';
import { type EventBus, localEventBus } from './event-bus';

/** Who watches which attack box terminal, keyed by the box's id, wherever its owner types. */
export type TerminalEvents = EventBus<TerminalWatchEvent>;

/** The terminal events of one process. */
export const localTerminalEvents = (): TerminalEvents => localEventBus();

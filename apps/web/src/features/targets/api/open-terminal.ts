import type { TerminalTicket } from '@hackclass/contracts';
import { api } from '@/lib/api-client';

/** A single-use WebSocket address of the box's terminal, good for a minute. */
export const openTerminal = (boxId: string): Promise<TerminalTicket> =>
  api.post(`/targets/${encodeURIComponent(boxId)}/terminal`);

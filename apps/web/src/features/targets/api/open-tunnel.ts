import type { TargetTunnel } from '@hackclass/contracts';
import { api } from '@/lib/api-client';

/** A TCP target's tunnel: its WebSocket address and a token for it, good for 12 hours. */
export const getTargetTunnel = (targetId: string): Promise<TargetTunnel> =>
  api.post(`/targets/${encodeURIComponent(targetId)}/tunnel`);

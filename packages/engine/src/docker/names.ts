import { createHash } from 'node:crypto';

// Docker's container and network name grammar; target ids are UUIDs, well inside it.
const TARGET_ID = /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,62}$/;

export function assertTargetId(targetId: string): void {
  if (!TARGET_ID.test(targetId)) throw new TypeError(`Invalid target id: ${targetId}`);
}

/** The container's and its network's name (the two live in separate namespaces). */
export const objectName = (targetId: string) => `hackclass-${targetId}`;

/**
 * The host's bridge interface for the target's network: `hci` (isolated, no outbound) or `hco`
 * (outbound allowed) and 12 hex of the target id's hash, 15 characters, the kernel's limit. The
 * prefixes are what the host firewall's rules match (`hci+`, `hc+`).
 */
export function bridgeName(targetId: string, outbound: boolean): string {
  const hash = createHash('sha256').update(targetId).digest('hex').slice(0, 12);
  return `${outbound ? 'hco' : 'hci'}${hash}`;
}

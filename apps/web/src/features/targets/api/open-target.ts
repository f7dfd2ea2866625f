import type { TargetTicket } from '@hackclass/contracts';
import { api } from '@/lib/api-client';

/** A single-use link through HackClass's proxy, good for a minute. */
export const getTargetTicket = (targetId: string): Promise<TargetTicket> =>
  api.post(`/targets/${encodeURIComponent(targetId)}/ticket`);

export interface OpenInTabInput {
  targetId: string;
  /** The tab the click opened (null when the browser refused one). */
  tab: Window | null;
}

/**
 * Sends the tab the click opened to the target's Open link; without a tab, this page goes.
 * A tab left without a link is closed again.
 */
export async function openInTab({ targetId, tab }: OpenInTabInput): Promise<void> {
  try {
    const { url } = await getTargetTicket(targetId);
    if (tab) {
      // The target must not reach back into HackClass's page.
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

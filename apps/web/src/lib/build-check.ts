/** The id this bundle was built with (vite.config.ts defines it). */
export const buildId: string = __BUILD_ID__;

/** Where the build writes the id of the newest build (docs/behaviour.md#new-build-check). */
export const latestBuildUrl = '/builds/latest.json';
/** The manifest is checked every hour. */
export const buildCheckIntervalMs = 60 * 60_000;
/** An automatic reload is not repeated within 10 s. */
export const reloadGuardMs = 10_000;
const reloadGuardKey = 'hackclass-reloaded-at';

/** The id of the newest deployed build, or undefined when it cannot be told. */
export async function fetchLatestBuildId(): Promise<string | undefined> {
  try {
    const response = await fetch(latestBuildUrl, { cache: 'no-cache' });
    if (!response.ok) return;
    const body = (await response.json()) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : undefined;
  } catch {
    return;
  }
}

// A page the browser is leaving cancels what it was loading: a chunk that failed then is no
// sign of a new build, and a reload would cancel the navigation under way, sending the person back.
let leaving = false;
window.addEventListener('beforeunload', () => {
  leaving = true;
});

/**
 * Reloads the page unless this tab already reloaded itself in the last 10 s, so a build that is
 * broken on arrival cannot send the tab into a reload loop, or the page is being left. Says
 * whether it reloads.
 */
export function reloadOnce(): boolean {
  if (leaving) return false;
  try {
    const last = Number(window.sessionStorage.getItem(reloadGuardKey) ?? 0);
    if (Date.now() - last < reloadGuardMs) return false;
    window.sessionStorage.setItem(reloadGuardKey, String(Date.now()));
  } catch {
    // Storage refused (privacy mode): reload anyway; a person clicked for it or a chunk is gone.
  }
  window.location.reload();
  return true;
}

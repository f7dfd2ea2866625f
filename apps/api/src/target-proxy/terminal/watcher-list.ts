import type { TerminalWatchEvent } from '@hackclass/contracts';

/** A watcher unheard of for this long (two repeats missed: their replica went away) has left. */
export const WATCHER_FORGOTTEN_MS = 40_000;

/**
 * Who watches one terminal, from the watchers' repeated events: `changed` hears the names each
 * time someone starts or stops watching, or is forgotten.
 */
export function watcherList(changed: (names: string[]) => void, forgetMs = WATCHER_FORGOTTEN_MS) {
  const seen = new Map<string, { name: string; at: number }>();
  const names = () => [...seen.values()].map((watcher) => watcher.name).sort();
  const timer = setInterval(() => {
    const before = seen.size;
    for (const [id, watcher] of seen) {
      if (Date.now() - watcher.at > forgetMs) seen.delete(id);
    }
    if (seen.size !== before) changed(names());
  }, forgetMs / 4);
  timer.unref();
  return {
    saw({ watcher, watching }: TerminalWatchEvent) {
      const known = seen.has(watcher.id);
      if (watching) seen.set(watcher.id, { name: watcher.name, at: Date.now() });
      else seen.delete(watcher.id);
      if (known !== watching) changed(names());
    },
    close: () => clearInterval(timer),
  };
}

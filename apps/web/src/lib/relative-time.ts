const units = [
  { unit: 'year', seconds: 31_536_000 },
  { unit: 'month', seconds: 2_592_000 },
  { unit: 'week', seconds: 604_800 },
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
] as const;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long ago `iso` was. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const elapsed = (now - new Date(iso).getTime()) / 1000;
  for (const { unit, seconds } of units) {
    if (Math.abs(elapsed) >= seconds) return relative.format(-Math.round(elapsed / seconds), unit);
  }
  return 'just now';
}

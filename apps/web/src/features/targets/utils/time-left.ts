/** Under this many seconds left, the time left turns into a warning. */
export const TIME_LEFT_WARNING_SECONDS = 5 * 60;

/** Whether the time left is short enough to warn the student: under five minutes. */
export const isRunningOut = (seconds: number) => seconds < TIME_LEFT_WARNING_SECONDS;

/** Whole seconds from `now` until `expiresAt`; 0 once past, null without an expiry. */
export function secondsLeft(expiresAt: string | null, now: number): number | null {
  if (expiresAt === null) return null;
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 1000));
}

const two = (value: number) => String(value).padStart(2, '0');

/** `mm:ss`, or `h:mm:ss` from an hour on: what a running target has left. */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}

/** The same, as a screen reader says it: "12 minutes 5 seconds left". */
export function spokenTimeLeft(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : '',
    minutes > 0 ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : '',
    rest > 0 || whole === 0 ? `${rest} ${rest === 1 ? 'second' : 'seconds'}` : '',
  ];
  return `${parts.filter(Boolean).join(' ')} left`;
}

/** A due date this close counts as soon. */
export const DUE_SOON_MS = 48 * 3_600_000;

export type DueState = 'late' | 'soon' | 'later';

/** Whether a due date is past, within `DUE_SOON_MS`, or further away. */
export function dueStateOf(dueAt: string, now: number = Date.now()): DueState {
  const left = new Date(dueAt).getTime() - now;
  if (left < 0) return 'late';
  return left < DUE_SOON_MS ? 'soon' : 'later';
}

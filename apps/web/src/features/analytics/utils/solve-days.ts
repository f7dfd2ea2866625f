const DAY = 86_400_000;

/** The most days the chart shows, ending today. */
export const SOLVE_DAYS_SHOWN = 60;
/** The fewest: a first day of solves still shows against the days before it. */
const MIN_DAYS_SHOWN = 14;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Every UTC day from the first solve to today (the API leaves out days without solves): at least
 * the last two weeks, at most the last `SOLVE_DAYS_SHOWN` days; none at all before any solve.
 */
export function solveDays(
  solvesPerDay: { date: string; count: number }[],
  now: number = Date.now(),
): { date: string; count: number }[] {
  const first = solvesPerDay[0];
  if (!first) return [];
  const counts = new Map(solvesPerDay.map((day) => [day.date, day.count]));
  const last = Math.max(
    Date.parse(solvesPerDay.at(-1)?.date ?? first.date),
    Date.parse(dayOf(now)),
  );
  const start = Math.min(
    Math.max(Date.parse(first.date), last - (SOLVE_DAYS_SHOWN - 1) * DAY),
    last - (MIN_DAYS_SHOWN - 1) * DAY,
  );
  const days: { date: string; count: number }[] = [];
  for (let time = start; time <= last; time += DAY) {
    const date = dayOf(time);
    days.push({ date, count: counts.get(date) ?? 0 });
  }
  return days;
}

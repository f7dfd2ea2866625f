/** The steps of a student's lesson, in the order they take them. */
export const LESSON_STEPS = [
  'sign-in',
  'dashboard',
  'classroom',
  'lab',
  'download',
  'target',
  'wrong flag',
  'right flag',
  'leaderboard',
  'live refetch',
  /** Not timed: an event stream the server ended while the page was open. */
  'live stream',
] as const;
export type LessonStep = (typeof LESSON_STEPS)[number];

export interface StepFigures {
  step: LessonStep;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The value below which `share` of the sorted `values` lie (nearest rank). */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/** An error's message, with its cause's code where fetch hides it ("fetch failed"). */
function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? `${error.message} (${cause.code ?? cause.message})` : error.message;
}

/** Each step's durations in milliseconds, and the errors met with the first few of them. */
export class StepTimings {
  readonly #durations = new Map<LessonStep, number[]>();
  readonly #errors = new Map<LessonStep, string[]>();

  record(step: LessonStep, ms: number): void {
    this.#durations.set(step, [...(this.#durations.get(step) ?? []), ms]);
  }

  fail(step: LessonStep, error: unknown): void {
    const messages = this.#errors.get(step) ?? [];
    messages.push(messageOf(error));
    this.#errors.set(step, messages);
  }

  /** Times `work` as `step`; a failure is counted, never thrown, so the lesson goes on. */
  async time<T>(step: LessonStep, work: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    try {
      const result = await work();
      this.record(step, performance.now() - started);
      return result;
    } catch (error) {
      this.fail(step, error);
      return undefined;
    }
  }

  get errorCount(): number {
    return [...this.#errors.values()].reduce((sum, messages) => sum + messages.length, 0);
  }

  /** A few distinct messages per failing step, for the report. */
  errorSamples(): Record<string, string[]> {
    return Object.fromEntries(
      [...this.#errors].map(([step, messages]) => [step, [...new Set(messages)].slice(0, 3)]),
    );
  }

  /** Every error message of each failing step, for checks on what failed and how. */
  errorMessages(): Record<string, string[]> {
    return Object.fromEntries([...this.#errors].map(([step, messages]) => [step, [...messages]]));
  }

  figures(): StepFigures[] {
    return LESSON_STEPS.filter((step) => this.#durations.has(step) || this.#errors.has(step)).map(
      (step) => {
        const sorted = [...(this.#durations.get(step) ?? [])].sort((a, b) => a - b);
        return {
          step,
          count: sorted.length,
          errors: this.#errors.get(step)?.length ?? 0,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
          max: sorted.at(-1) ?? Number.NaN,
        };
      },
    );
  }
}

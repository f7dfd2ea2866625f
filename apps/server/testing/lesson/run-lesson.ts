import { setTimeout as sleep } from 'node:timers/promises';
import type { LessonLab } from './course';
import type { Deployment } from './deployment';
import { type ProcessFigures, watchProcesses } from './process-usage';
import type { Roster } from './roster';
import { type StepFigures, StepTimings } from './step-timings';
import { runStudent, type StudentOutcome } from './student';

export interface LessonOptions {
  /** Students of the roster who take part, the first ones. */
  students: number;
  classSize: number;
  /** Students arrive evenly over this many seconds. */
  rampSeconds: number;
  wrongFlags: number;
  /** Each pause between steps is drawn evenly from this range. */
  thinkMs: [number, number];
  lingerMs: number;
  /** Students of the first lab start its live target. */
  startTargets: boolean;
}

export interface LessonReport {
  students: number;
  seconds: number;
  steps: StepFigures[];
  errors: number;
  errorSamples: Record<string, string[]>;
  /** Every error message, by step. */
  errorMessages: Record<string, string[]>;
  processes: ProcessFigures[];
  outcomes: StudentOutcome[];
}

/**
 * The lesson: the roster's first `options.students` students arrive over the ramp, each sent
 * to a replica in turn and given a lab in turn, and go through it (see `runStudent`) while the
 * deployment's processes are watched.
 */
export async function runLesson(
  deployment: Deployment,
  roster: Roster,
  labs: LessonLab[],
  options: LessonOptions,
): Promise<LessonReport> {
  const timings = new StepTimings();
  const watch = await watchProcesses([
    ...deployment.processes,
    { name: 'load generator', pid: process.pid },
  ]);
  const started = performance.now();
  const spacingMs = (options.rampSeconds * 1000) / options.students;
  const [least, most] = options.thinkMs;
  const outcomes = await Promise.all(
    roster.students.slice(0, options.students).map(async (student, index) => {
      await sleep(index * spacingMs);
      const lab = labs[index % labs.length];
      const classroomId = roster.classroomIds[Math.floor(index / options.classSize)];
      if (!lab || !classroomId) throw new Error(`student ${index} has no lab or classroom`);
      return runStudent(
        {
          origin: deployment.origins[index % deployment.origins.length] ?? '',
          apiKey: deployment.apiKey,
          student,
          classroomId,
          lab,
          wrongFlags: options.wrongFlags,
          thinkMs: () => least + Math.random() * (most - least),
          startTarget: options.startTargets && lab === labs[0],
          lingerMs: options.lingerMs,
        },
        timings,
      );
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    students: options.students,
    seconds,
    steps: timings.figures(),
    errors: timings.errorCount,
    errorSamples: timings.errorSamples(),
    errorMessages: timings.errorMessages(),
    processes: await watch.stop(),
    outcomes,
  };
}

import {
  type ClassroomLab,
  LATE_PERCENT,
  OPENS_BEFORE_DUE,
  type UpdateClassroomLabRequest,
} from '@hackclass/contracts';
import { isApiError } from '@/lib/errors';
import { fromLocalInput, toLocalInput } from '@/lib/local-date-time';

export type LateCredit = 'full' | 'none' | 'percent';

/** The schedule section of a form: dates as `datetime-local` values in the viewer's zone. */
export interface ScheduleValues {
  opensAt: string;
  dueAt: string;
  late: LateCredit;
  latePercent: number | string;
  requires: string[];
}

export type ScheduleErrors = Partial<
  Record<'opensAt' | 'dueAt' | 'latePercent' | 'requires', string>
>;

export const emptySchedule: ScheduleValues = {
  opensAt: '',
  dueAt: '',
  late: 'full',
  latePercent: 50,
  requires: [],
};

const lateOf = (percent: number): LateCredit =>
  percent === LATE_PERCENT.max ? 'full' : percent === LATE_PERCENT.min ? 'none' : 'percent';

export const scheduleValuesOf = (lab: ClassroomLab): ScheduleValues => ({
  opensAt: toLocalInput(lab.opensAt),
  dueAt: toLocalInput(lab.dueAt),
  late: lateOf(lab.latePercent),
  latePercent: lateOf(lab.latePercent) === 'percent' ? lab.latePercent : 50,
  requires: lab.requires.map((required) => required.id),
});

/** The request for the values, or what is wrong with them by field. */
export function scheduleRequestOf(
  values: ScheduleValues,
): { request: Required<UpdateClassroomLabRequest> } | { errors: ScheduleErrors } {
  const opensAt = fromLocalInput(values.opensAt);
  const dueAt = fromLocalInput(values.dueAt);
  const percent = Number(values.latePercent);
  const errors: ScheduleErrors = {};
  if (opensAt && dueAt && opensAt >= dueAt) errors.dueAt = OPENS_BEFORE_DUE;
  if (
    values.late === 'percent' &&
    (values.latePercent === '' ||
      !Number.isInteger(percent) ||
      percent < LATE_PERCENT.min ||
      percent > LATE_PERCENT.max)
  ) {
    errors.latePercent = `Enter a whole percentage from ${LATE_PERCENT.min} to ${LATE_PERCENT.max}`;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const latePercent =
    values.late === 'full' ? LATE_PERCENT.max : values.late === 'none' ? LATE_PERCENT.min : percent;
  return { request: { opensAt, dueAt, latePercent, requires: values.requires } };
}

/** The API's refusal of a schedule as field errors, if it names fields or a cycle. */
export function scheduleErrorsOf(failure: unknown): ScheduleErrors | undefined {
  if (!isApiError(failure)) return undefined;
  if (failure.code === 'requirement_cycle') return { requires: failure.detail };
  const { opensAt, dueAt, latePercent, requires } = failure.errors;
  const errors: ScheduleErrors = {
    ...(opensAt ? { opensAt: opensAt.join(' ') } : {}),
    ...(dueAt ? { dueAt: dueAt.join(' ') } : {}),
    ...(latePercent ? { latePercent: latePercent.join(' ') } : {}),
    ...(requires ? { requires: requires.join(' ') } : {}),
  };
  return Object.keys(errors).length > 0 ? errors : undefined;
}

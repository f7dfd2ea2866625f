import type { ClassroomTarget, RunningTargetKind, TargetState } from '@hackclass/contracts';

/** A state as a badge shows it. */
export const targetStateLooks: Record<TargetState, { label: string; color: string }> = {
  starting: { label: 'Starting', color: 'blue' },
  running: { label: 'Running', color: 'green' },
  stopping: { label: 'Stopping', color: 'gray' },
  stopped: { label: 'Stopped', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

/** What the Start button and the lab form say where no engine is configured. */
export const TARGETS_OFF_TEXT = 'Live targets are not set up on this server';

/** What the Start button says while the configured engine does not answer. */
export const TARGETS_UNAVAILABLE_TEXT =
  'Live targets are unavailable right now: try again in a few minutes';

/** How the Targets views name a target's kind. */
export const KIND_LABELS: Record<RunningTargetKind, string> = {
  http: 'HTTP',
  tcp: 'TCP',
  box: 'Terminal',
};

/** A target as a sentence names it: "target for <lab>", or "attack box". */
export const targetTitle = (target: Pick<ClassroomTarget, 'lab'>) =>
  target.lab ? `target for ${target.lab.name}` : 'attack box';

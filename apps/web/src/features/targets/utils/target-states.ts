import type { TargetState } from '@hackclass/contracts';

/** States a target passes through on its own: the page asks again until it settles. */
export const isSettling = (state: TargetState | undefined) =>
  state === 'starting' || state === 'stopping';

/** States in which a target holds a container: the student may not start another. */
export const isActive = (state: TargetState | undefined) =>
  state === 'starting' || state === 'running' || state === 'stopping';

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

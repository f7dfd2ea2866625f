import type { LabSummary } from '@hackclass/contracts';

type Scored = Pick<LabSummary, 'points' | 'scoring' | 'minimumPoints'>;

/** A lab's points as its pages show them: fixed, or a dynamic lab's range from first solver down. */
export const pointsLabel = ({ points, scoring, minimumPoints }: Scored) =>
  scoring === 'dynamic' && minimumPoints !== null
    ? `${points.toLocaleString('en')} down to ${minimumPoints.toLocaleString('en')} points, dynamic`
    : `${points.toLocaleString('en')} points`;

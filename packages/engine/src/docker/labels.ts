import type { TargetLabels } from '../types';

export const LABEL = {
  deployment: 'hackclass.deployment',
  target: 'hackclass.target',
  lab: 'hackclass.lab',
  user: 'hackclass.user',
  classroom: 'hackclass.classroom',
} as const;

export function labelsFor(deploymentId: string, target: TargetLabels): Record<string, string> {
  return {
    [LABEL.deployment]: deploymentId,
    [LABEL.target]: target.targetId,
    [LABEL.lab]: target.labId,
    [LABEL.user]: target.userId,
    [LABEL.classroom]: target.classroomId,
  };
}

export function labelsOf(labels: Record<string, string> | undefined): TargetLabels {
  return {
    targetId: labels?.[LABEL.target] ?? '',
    labId: labels?.[LABEL.lab] ?? '',
    userId: labels?.[LABEL.user] ?? '',
    classroomId: labels?.[LABEL.classroom] ?? '',
  };
}

/** Engine list filters matching this deployment's objects, or one target of it. */
export function labelFilter(deploymentId: string, targetId?: string): { label: string[] } {
  const label = [`${LABEL.deployment}=${deploymentId}`];
  if (targetId !== undefined) label.push(`${LABEL.target}=${targetId}`);
  return { label };
}

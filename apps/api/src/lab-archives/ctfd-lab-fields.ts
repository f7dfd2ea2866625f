import { type ArchivedLab, flagPatternError, LAB_HINTS_MAX } from '@hackclass/contracts';
import type { DraftSet } from './lab-draft';

// How ctfcli's challenge.yml fields become a lab's, each noting in `report` what does not map.

type Report = Omit<DraftSet, 'drafts'>;
export type Challenge = Record<string, unknown>;

export const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];

export function flagsOf(challenge: Challenge, name: string, report: Report): ArchivedLab['flags'] {
  return asList(challenge.flags).flatMap((flag): ArchivedLab['flags'] => {
    if (typeof flag === 'string' || typeof flag === 'number') {
      return [{ value: String(flag), kind: 'exact', caseSensitive: true }];
    }
    const { type = 'static', content, data } = (flag ?? {}) as Record<string, unknown>;
    const caseSensitive = data !== 'case_insensitive';
    if (typeof content !== 'string' || (type !== 'static' && type !== 'regex')) {
      report.notMapped.push({
        lab: name,
        field: 'flags',
        reason: `A flag of type ${JSON.stringify(type)} is not supported: only static and regex`,
      });
      return [];
    }
    if (type === 'static') return [{ value: content, kind: 'exact', caseSensitive }];
    const patternError = flagPatternError(content);
    if (patternError !== undefined) {
      report.notMapped.push({
        lab: name,
        field: 'flags',
        reason: `The pattern ${content} is not one the linear-time flag checker runs: ${patternError}`,
      });
      return [];
    }
    // CTFd matches a regex flag from its start; HackClass matches the whole answer, so a pattern
    // that relied on a trailing remainder now needs to cover it.
    return [{ value: content, kind: 'regex', caseSensitive }];
  });
}

export function hintsOf(challenge: Challenge, name: string, report: Report): ArchivedLab['hints'] {
  const hints = asList(challenge.hints).flatMap((hint) => {
    if (typeof hint === 'string') return [{ content: hint, cost: 0 }];
    const { content, cost } = (hint ?? {}) as Record<string, unknown>;
    if (typeof content !== 'string') return [];
    return [{ content, cost: typeof cost === 'number' ? cost : 0 }];
  });
  if (hints.length > LAB_HINTS_MAX) {
    report.notMapped.push({
      lab: name,
      field: 'hints',
      reason: `A lab has at most ${LAB_HINTS_MAX} hints: the ${hints.length - LAB_HINTS_MAX} after them were left out`,
    });
  }
  return hints.slice(0, LAB_HINTS_MAX).map((hint, order) => ({ ...hint, order }));
}

/**
 * Points and scoring. CTFd's dynamic challenges (`extra.initial`, `decay`, `minimum`) decay as
 * ours do: initial + (minimum − initial) / decay² × (solves − 1)², never below the minimum.
 * CTFd 3.7's `function: linear` (initial − decay × solves) has no counterpart.
 */
export function scoringOf(challenge: Challenge, name: string, report: Report) {
  const extra = (challenge.extra ?? {}) as Record<string, unknown>;
  if (challenge.type !== 'dynamic') {
    return { points: challenge.value, scoring: 'fixed', minimumPoints: null, decay: null };
  }
  if (extra.function !== undefined && extra.function !== 'logarithmic') {
    report.notMapped.push({
      lab: name,
      field: 'extra.function',
      reason: `CTFd’s ${String(extra.function)} decay has no counterpart: the lab decays as CTFd’s logarithmic function does`,
    });
  }
  return {
    points: extra.initial ?? challenge.value,
    scoring: 'dynamic',
    minimumPoints: extra.minimum ?? null,
    decay: extra.decay ?? null,
  };
}

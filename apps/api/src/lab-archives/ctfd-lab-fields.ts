import {
  type ArchivedLab,
  flagPatternError,
  LAB_DIFFICULTIES,
  LAB_HINTS_MAX,
  type LabDifficulty,
} from '@hackclass/contracts';
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

/** Points a challenge without a number for them is imported with, by its difficulty. */
const POINTS_BY_DIFFICULTY: Record<LabDifficulty, number> = {
  Easy: 100,
  Medium: 200,
  Hard: 300,
  Insane: 500,
};

/** A difficulty named in `text` (`medium`, `{{ points.hard }}`, `Insane`), if one is. */
function difficultyIn(text: unknown): LabDifficulty | undefined {
  if (typeof text !== 'string') return undefined;
  return LAB_DIFFICULTIES.find((difficulty) => new RegExp(`\\b${difficulty}\\b`, 'i').test(text));
}

/**
 * The challenge's difficulty: its `difficulty` field (not ctfcli's, but many repositories add
 * it), else one its template for points or its tags name, else Medium, reported.
 */
export function difficultyOf(challenge: Challenge, name: string, report: Report): LabDifficulty {
  const named =
    difficultyIn(challenge.difficulty) ??
    difficultyIn(challenge.value) ??
    difficultyIn((challenge.extra as Challenge | undefined)?.initial) ??
    asList(challenge.tags).map(difficultyIn).find(Boolean);
  if (named) return named;
  report.notMapped.push({
    lab: name,
    field: 'difficulty',
    reason: 'The challenge gives no difficulty: imported as Medium',
  });
  return 'Medium';
}

/**
 * `value` (or `field`) as points when it is a whole number; otherwise (a template such as
 * `{{medium}}`, or none) the difficulty's points, reported under the challenge's own field name
 * for the teacher to check.
 */
function pointsIn(
  value: unknown,
  field: string,
  difficulty: LabDifficulty,
  name: string,
  report: Report,
): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  const points = POINTS_BY_DIFFICULTY[difficulty];
  const given =
    value === undefined || value === null
      ? 'none is given'
      : `${JSON.stringify(value)} is not a number of points`;
  report.notMapped.push({
    lab: name,
    field,
    reason: `${given}: imported with ${points} points (${difficulty}); check them`,
  });
  return points;
}

/**
 * Points and scoring. CTFd's dynamic challenges (`extra.initial`, `decay`, `minimum`) decay as
 * ours do: initial + (minimum − initial) / decay² × (solves − 1)², never below the minimum.
 * CTFd 3.7's `function: linear` (initial − decay × solves) has no counterpart.
 */
export function scoringOf(
  challenge: Challenge,
  difficulty: LabDifficulty,
  name: string,
  report: Report,
) {
  const extra = (challenge.extra ?? {}) as Record<string, unknown>;
  if (challenge.type !== 'dynamic') {
    return {
      points: pointsIn(challenge.value, 'value', difficulty, name, report),
      scoring: 'fixed',
      minimumPoints: null,
      decay: null,
    };
  }
  if (extra.function !== undefined && extra.function !== 'logarithmic') {
    report.notMapped.push({
      lab: name,
      field: 'extra.function',
      reason: `CTFd’s ${String(extra.function)} decay has no counterpart: the lab decays as CTFd’s logarithmic function does`,
    });
  }
  const [initial, field] =
    extra.initial === undefined || extra.initial === null
      ? [challenge.value, 'value']
      : [extra.initial, 'extra.initial'];
  const points = pointsIn(initial, field, difficulty, name, report);
  // CTFd before 3 kept `decay` and `minimum` beside `value`, not in `extra`.
  const minimum = extra.minimum ?? challenge.minimum;
  const decay = extra.decay ?? challenge.decay;
  const unusable = (
    [
      ['minimum', minimum],
      ['decay', decay],
    ] as const
  ).find(([, value]) => !(typeof value === 'number' && Number.isInteger(value) && value >= 0));
  if (unusable) {
    const [part, value] = unusable;
    report.notMapped.push({
      lab: name,
      field: `extra.${part}`,
      reason: `${value === undefined || value === null ? 'None is given' : `${JSON.stringify(value)} is not a number`}: imported with fixed points; give it a minimum and a decay to make them decay`,
    });
    return { points, scoring: 'fixed', minimumPoints: null, decay: null };
  }
  return { points, scoring: 'dynamic', minimumPoints: minimum, decay };
}

/**
 * Limits and choices of the course features (schedules, hints, scoring, announcements), shared
 * by the database's check constraints, the request schemas and the forms.
 */

/** How a lab's points are set: fixed, or decaying with the solves in each classroom. */
export const LAB_SCORINGS = ['fixed', 'dynamic'] as const;
export type LabScoring = (typeof LAB_SCORINGS)[number];

/** How a flag is compared: as typed (optionally ignoring case), or as a regular expression. */
export const FLAG_KINDS = ['exact', 'regex'] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

/** What a solve after the due date earns, in percent of the lab's points: 100 full, 0 none. */
export const LATE_PERCENT = { min: 0, max: 100, default: 100 } as const;

export const LAB_HINTS_MAX = 10;
export const HINT_CONTENT_MAX_LENGTH = 2_000;

export const ANNOUNCEMENT_MAX_LENGTH = 5_000;

/** A classroom lab requires at most this many others to be solved first. */
export const LAB_REQUIREMENTS_MAX = 20;

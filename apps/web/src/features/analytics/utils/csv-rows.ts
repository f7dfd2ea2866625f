import type { LeaderboardEntry, MemberListItem, Submission } from '@hackclass/contracts';
import type { CsvValue } from '@hackclass/contracts/csv';

type Rows = CsvValue[][];

export const leaderboardRows = (entries: LeaderboardEntry[]): Rows => [
  ['Rank', 'Name', 'Points', 'Solves', 'Reached at'],
  ...entries.map((entry) => [entry.rank, entry.name, entry.points, entry.solves, entry.reachedAt]),
];

/** Every status, so that a teacher sees who is still invited or waiting too. */
export const rosterRows = (members: MemberListItem[]): Rows => [
  ['Name', 'Email', 'Status', 'Points'],
  ...members.map((member) => [member.name, member.email, member.status, member.points]),
];

/**
 * Every submission, without the flag typed (the file travels; a flag in it gives the lab away).
 * "Shared flag owner" names whose per-student target flag a refused submission was.
 */
export const submissionRows = (submissions: Submission[]): Rows => [
  ['Submitted at', 'Name', 'Lab', 'Correct', 'Shared flag owner'],
  ...submissions.map((submission) => [
    submission.submittedAt,
    submission.name,
    submission.labName,
    submission.correct ? 'yes' : 'no',
    submission.sharedFlagOwner?.name,
  ]),
];

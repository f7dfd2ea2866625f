import type { LeaderboardEntry, MemberListItem } from '@hackclass/contracts';
import type { CsvValue } from '@/lib/csv';

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

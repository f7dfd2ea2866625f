import type { MemberList } from '@hackclass/contracts';

const counted = (count: number, one: string, many = one) => `${count} ${count === 1 ? one : many}`;

/**
 * What the members tab says it lists: the classroom's members as every count of them says it (the
 * accepted, not the creator), then the requests and invitations waiting for those who see them;
 * with a search or a filter, how many rows were found.
 */
export function rosterSummary({ counts, total }: MemberList, filtered: boolean): string {
  if (filtered) return `${total} found`;
  return [
    counted(counts.members, 'member', 'members'),
    ...(counts.asking ? [counted(counts.asking, 'asking to join')] : []),
    ...(counts.invited ? [counted(counts.invited, 'invited')] : []),
  ].join(', ');
}

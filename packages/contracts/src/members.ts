export const MEMBER_STATUSES = ['Invited', 'PendingApproval', 'Accepted'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

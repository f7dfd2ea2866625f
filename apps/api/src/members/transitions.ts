import type { MemberStatus } from '@hackclass/contracts';

export interface TransitionRequest {
  from: MemberStatus;
  to: MemberStatus;
  /** The caller changes their own membership. */
  bySelf: boolean;
  /** The caller runs the classroom (its teacher or an admin). */
  byManager: boolean;
}

export type TransitionDecision =
  | { allowed: true }
  | { allowed: false; reason: 'forbidden' | 'conflict'; detail: string };

const conflict = (detail: string): TransitionDecision => ({
  allowed: false,
  reason: 'conflict',
  detail,
});
const forbidden = (detail: string): TransitionDecision => ({
  allowed: false,
  reason: 'forbidden',
  detail,
});

/**
 * The membership state machine (docs/behaviour.md#membership-states): an invitee accepts their
 * own invitation; the classroom's teacher or an admin approves a request to join. Nothing else
 * moves by PATCH: inviting and joining have their own routes, and leaving is a DELETE.
 */
export function decideTransition({
  from,
  to,
  bySelf,
  byManager,
}: TransitionRequest): TransitionDecision {
  if (to !== 'Accepted') {
    return conflict(`A membership cannot be set to ${to}; invite or join by code instead`);
  }
  switch (from) {
    case 'Accepted':
      return conflict('The member is already accepted');
    case 'Invited':
      return bySelf
        ? { allowed: true }
        : forbidden('Only the invited person can accept their invitation');
    case 'PendingApproval':
      return byManager
        ? { allowed: true }
        : forbidden('Only the classroom’s teacher or an admin can approve a request to join');
  }
}

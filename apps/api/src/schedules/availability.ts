import type { LabAvailability } from '@hackclass/contracts';

export interface AvailabilityFacts {
  opensAt: Date | null;
  /** The caller manages the classroom: they see every lab, and none is locked to them. */
  manages: boolean;
  /** The caller solved the lab here. */
  solved: boolean;
  /** Labs it requires that the caller has not solved here. */
  unsolvedRequirements: number;
}

/**
 * What a classroom lab is to the caller at `now`: managers see it `upcoming` until it opens,
 * then `open`; a lab the caller solved stays `open` whatever changed since; anyone else waits
 * for the opening, then for the labs it requires.
 */
export function availabilityOf(facts: AvailabilityFacts, now: Date): LabAvailability {
  const opened = facts.opensAt === null || facts.opensAt.getTime() <= now.getTime();
  if (facts.manages) return opened ? 'open' : 'upcoming';
  if (facts.solved) return 'open';
  if (!opened) return 'upcoming';
  return facts.unsolvedRequirements > 0 ? 'locked' : 'open';
}

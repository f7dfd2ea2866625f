import type { Target } from '@hackclass/contracts';
import { useEffect, useState } from 'react';

const timeOfDay = new Intl.DateTimeFormat('en', { timeStyle: 'short' });

/**
 * Whether Extend works now, or else from what time of day, when the API said it will
 * (`extendableAt`: a target that just started has a minute to wait). At that moment it works
 * without asking the API again.
 */
export function useExtendable(target: Pick<Target, 'canExtend' | 'extendableAt'>): {
  now: boolean;
  from?: string;
} {
  const at = target.extendableAt === null ? undefined : Date.parse(target.extendableAt);
  const [reached, setReached] = useState<number>();
  useEffect(() => {
    if (at === undefined) return;
    const timer = setTimeout(() => setReached(at), Math.max(0, at - Date.now()));
    return () => clearTimeout(timer);
  }, [at]);
  if (target.canExtend || (at !== undefined && reached === at)) return { now: true };
  return at === undefined ? { now: false } : { now: false, from: timeOfDay.format(at) };
}

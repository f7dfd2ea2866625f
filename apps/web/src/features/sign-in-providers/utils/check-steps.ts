import type { ProviderCheck } from '@hackclass/contracts';

/** What each step of a test sign-in looks at, for people; the step's name is a code. */
export const checkStepLabels: Record<ProviderCheck['step'], string> = {
  discovery: 'Discovery document',
  keys: 'Signing keys',
  client: 'Client id and secret',
};

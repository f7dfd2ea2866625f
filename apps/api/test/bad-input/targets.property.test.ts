import { randomBytes } from 'node:crypto';
import { dockerDriver } from '@hackclass/engine';
import { describe } from 'vitest';
import { engineAnswers } from '../support/live-targets';
import { badInputSuite } from './suite';

// The image check asks the real engine (nothing is pulled); the rest needs none.
describe.skipIf(!engineAnswers)('live targets', () => {
  badInputSuite('targets', {
    targetDriver: () =>
      dockerDriver({
        deploymentId: `test-${randomBytes(6).toString('hex')}`,
        bindAddress: '127.0.0.1',
        firewall: 'off',
      }),
  });
});

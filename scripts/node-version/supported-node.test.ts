import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OLDEST_SUPPORTED, unsupportedNodeMessage } from './supported-node.mjs';

describe('the Node.js HackClass runs on', () => {
  it('is the LTS lines from 22.12 on', () => {
    for (const version of ['22.12.0', '22.23.5', '24.0.0', '26.1.0']) {
      expect(unsupportedNodeMessage(version), version).toBeUndefined();
    }
  });

  it('is said in one line on an older one, with how to get a newer', () => {
    for (const version of ['22.11.0', '20.19.2', '18.20.4', '16.0.0']) {
      const message = unsupportedNodeMessage(version);
      expect(message).toContain(`this is Node.js ${version}`);
      expect(message).toContain('nvm install 24');
      expect(message).not.toContain('\n');
    }
  });

  it('agrees with package.json', () => {
    const { engines } = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(engines.node).toBe(`>=${OLDEST_SUPPORTED.join('.')}.0`);
  });
});

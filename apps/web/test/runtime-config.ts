import type { RuntimeConfig } from '@hackclass/contracts';
import { vi } from 'vitest';
import { loadRuntimeConfig } from '@/lib/runtime-config';

/** Small upload limits, so a test reaches them with a few tiny files. */
export const testRuntimeConfig: RuntimeConfig = {
  productName: 'HackClass',
  apiBaseUrl: '/api',
  identity: { apiKey: 'test-api-key', projectId: 'hackclass-test' },
  targets: { enabled: false, attackBoxes: false },
  mail: { devOutbox: false },
  uploads: { imageMaxBytes: 1024, fileMaxBytes: 1024, filesPerLab: 3 },
};

/** Loads the configuration the way the app does at boot, from a `/config.json` answered here. */
export async function loadTestRuntimeConfig(config = testRuntimeConfig): Promise<RuntimeConfig> {
  vi.stubGlobal('fetch', async () => Response.json(config));
  try {
    return await loadRuntimeConfig();
  } finally {
    vi.unstubAllGlobals();
  }
}

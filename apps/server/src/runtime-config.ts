import type { ServerConfig } from '@hackclass/config';
import type { RuntimeConfig } from '@hackclass/contracts';

/** What the web app learns at run time: where the API is, which identity service to use. */
export function runtimeConfigOf(config: ServerConfig): RuntimeConfig {
  return {
    productName: 'HackClass',
    apiBaseUrl: '/api',
    identity: {
      apiKey: config.identity.apiKey,
      projectId: config.identity.projectId,
      emulatorOrigin: config.publicUrl,
    },
  };
}

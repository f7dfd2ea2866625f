import type { ServerConfig } from '@hackclass/config';
import { PRODUCT_NAME, type RuntimeConfig } from '@hackclass/contracts';

/**
 * What the web app learns at run time: where the API is, which identity service to use, whether
 * targets run here and the upload limits its forms check before sending.
 */
export function runtimeConfigOf(config: ServerConfig): RuntimeConfig {
  return {
    productName: PRODUCT_NAME,
    apiBaseUrl: '/api',
    // A Firebase project's settings as its console shows them; else the built-in service here.
    identity: config.firebase
      ? { ...config.firebase }
      : {
          apiKey: config.identity.apiKey,
          projectId: config.identity.projectId,
          emulatorOrigin: config.publicUrl,
        },
    targets: {
      enabled: config.labs.driver !== 'none',
      attackBoxes: config.labs.driver !== 'none' && config.labs.attackBox.image !== undefined,
    },
    uploads: { ...config.uploads },
  };
}

/**
 * Where the web app's identity SDK sends requests, for the CSP's connect-src: the self-hosted
 * service's origin, or a real Firebase project's Google endpoints and auth domain.
 */
export function identityOriginsOf({ identity }: RuntimeConfig): string[] {
  if (identity.emulatorOrigin) return [identity.emulatorOrigin];
  return [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    ...(identity.authDomain ? [`https://${identity.authDomain}`] : []),
  ];
}

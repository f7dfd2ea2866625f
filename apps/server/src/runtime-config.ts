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
      ? {
          apiKey: config.firebase.apiKey,
          authDomain: config.firebase.authDomain,
          projectId: config.firebase.projectId,
        }
      : {
          apiKey: config.identity.apiKey,
          projectId: config.identity.projectId,
          emulatorOrigin: config.publicUrl,
        },
    targets: {
      enabled: config.labs.driver !== 'none',
      attackBoxes: config.labs.driver !== 'none' && config.labs.attackBox.image !== undefined,
    },
    // Firebase sends its own accounts' mails.
    mail: { devOutbox: !config.firebase && config.smtpUrl === undefined },
    uploads: { ...config.uploads },
  };
}

/**
 * What a Firebase project's own sign-in providers need of the page: the SDK's redirect talks to
 * the project's auth domain through a frame and Google's `gapi` script. Nothing without buttons.
 */
export function providerPageSourcesOf(config: ServerConfig) {
  if (!config.firebase || config.firebase.signInButtons.length === 0) return {};
  return {
    scriptSources: ['https://apis.google.com'],
    frameSources: [`https://${config.firebase.authDomain}`],
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

import type { RuntimeConfig } from '@hackclass/contracts';
import { readRuntimeConfig } from './read-runtime-config';

let current: RuntimeConfig | undefined;
let loading: Promise<RuntimeConfig> | undefined;

/**
 * Fetches `GET /config.json` once at boot, however many ask at once; every later `getRuntimeConfig`
 * reads the result. The request is the one index.html preloads, so it takes the preloaded
 * answer: the server's `no-cache` keeps it fresh.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= (async () => {
    const response = await fetch('/config.json');
    if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
    current = readRuntimeConfig(await response.json());
    return current;
  })();
  // A failed load is tried again by whoever asks next.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** For the server's renderer of pages, which is given the configuration it serves. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export const runtimeConfigLoaded = (): boolean => current !== undefined;

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration is not loaded yet');
  return current;
}

/**
 * The built-in identity service's origin, or undefined when accounts live in a Firebase project.
 * The one test of Firebase mode: an empty origin counts as none.
 */
export const identityEmulatorOrigin = ({ identity }: RuntimeConfig): string | undefined =>
  identity.emulatorOrigin || undefined;

/**
 * Whether accounts live in a Firebase project rather than the built-in identity service: the
 * app then makes them at Firebase itself, and Firebase sends its own mails.
 */
export const accountsInFirebase = (): boolean =>
  identityEmulatorOrigin(getRuntimeConfig()) === undefined;

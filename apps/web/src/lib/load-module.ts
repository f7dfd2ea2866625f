/**
 * A module that did not arrive, as each browser says it: the network failed its fetch, or its
 * chunk vanished with a new deployment.
 */
export const isStaleChunkError = (error: unknown) =>
  error instanceof TypeError &&
  /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );

/** How long to wait before each new try of a module that did not arrive. */
const RETRY_DELAYS_MS = [300, 1_500];

/**
 * `load` (a dynamic import), tried again when the module did not arrive. Browsers fail the
 * requests in flight when a network comes or goes (Wi-Fi, a VPN, a container's interface on the
 * machine: Chromium's ERR_NETWORK_CHANGED), and fetch the module anew on the next import. Any
 * other failure, and the last one, is thrown.
 */
export async function loadModule<Module>(
  load: () => Promise<Module>,
  delaysMs: readonly number[] = RETRY_DELAYS_MS,
): Promise<Module> {
  for (const delay of delaysMs) {
    try {
      return await load();
    } catch (error) {
      if (!isStaleChunkError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return load();
}

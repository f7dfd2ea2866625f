/**
 * The Engine API calls the Docker driver makes, and what must hold of each before the engine
 * socket proxy passes it on. Paths may carry the API version (`/v1.47/containers/…`).
 */
export type EngineCall =
  /** Reads of the engine itself and of images: nothing of anyone's to reach. */
  | { kind: 'engine' }
  /** Pulling an image (never an import from a file or an address: `fromImage` only). */
  | { kind: 'pull' }
  /** Creating a container: its settings are checked (`containerProblem`). */
  | { kind: 'create-container' }
  /** Creating a network: its settings are checked (`networkProblem`). */
  | { kind: 'create-network' }
  /** On a container, which must be HackClass's; `body: 'exec'` checks an exec's settings. */
  | { kind: 'container'; id: string; body?: 'exec' }
  /** On an exec, whose container must be HackClass's. */
  | { kind: 'exec'; id: string }
  /** On a network, which must be HackClass's; `body: 'connect'`, and so the container named. */
  | { kind: 'network'; id: string; body?: 'connect' }
  /** Listing containers or networks: HackClass's only, by a label filter the proxy adds. */
  | { kind: 'list'; of: 'containers' | 'networks' };

const ID = '([A-Za-z0-9][A-Za-z0-9_.-]{0,127})';
/** An image reference as a path: registry, path, tag or digest. */
const IMAGE = '[A-Za-z0-9][A-Za-z0-9_.:@/-]{0,511}';

const CALLS: [method: string, path: RegExp, call: (id: string) => EngineCall][] = [
  ['GET', /^\/_ping$/, () => ({ kind: 'engine' })],
  ['HEAD', /^\/_ping$/, () => ({ kind: 'engine' })],
  ['GET', /^\/info$/, () => ({ kind: 'engine' })],
  ['GET', /^\/version$/, () => ({ kind: 'engine' })],
  ['GET', new RegExp(`^/images/${IMAGE}/json$`), () => ({ kind: 'engine' })],
  ['GET', new RegExp(`^/distribution/${IMAGE}/json$`), () => ({ kind: 'engine' })],
  ['POST', /^\/images\/create$/, () => ({ kind: 'pull' })],
  ['GET', /^\/containers\/json$/, () => ({ kind: 'list', of: 'containers' })],
  ['POST', /^\/containers\/create$/, () => ({ kind: 'create-container' })],
  ['GET', new RegExp(`^/containers/${ID}/json$`), (id) => ({ kind: 'container', id })],
  ['GET', new RegExp(`^/containers/${ID}/stats$`), (id) => ({ kind: 'container', id })],
  ['POST', new RegExp(`^/containers/${ID}/start$`), (id) => ({ kind: 'container', id })],
  ['POST', new RegExp(`^/containers/${ID}/stop$`), (id) => ({ kind: 'container', id })],
  ['POST', new RegExp(`^/containers/${ID}/attach$`), (id) => ({ kind: 'container', id })],
  ['POST', new RegExp(`^/containers/${ID}/resize$`), (id) => ({ kind: 'container', id })],
  [
    'POST',
    new RegExp(`^/containers/${ID}/exec$`),
    (id) => ({ kind: 'container', id, body: 'exec' }),
  ],
  ['DELETE', new RegExp(`^/containers/${ID}$`), (id) => ({ kind: 'container', id })],
  ['POST', new RegExp(`^/exec/${ID}/start$`), (id) => ({ kind: 'exec', id })],
  ['POST', new RegExp(`^/exec/${ID}/resize$`), (id) => ({ kind: 'exec', id })],
  ['GET', new RegExp(`^/exec/${ID}/json$`), (id) => ({ kind: 'exec', id })],
  ['GET', /^\/networks$/, () => ({ kind: 'list', of: 'networks' })],
  ['POST', /^\/networks\/create$/, () => ({ kind: 'create-network' })],
  ['GET', new RegExp(`^/networks/${ID}$`), (id) => ({ kind: 'network', id })],
  ['DELETE', new RegExp(`^/networks/${ID}$`), (id) => ({ kind: 'network', id })],
  [
    'POST',
    new RegExp(`^/networks/${ID}/connect$`),
    (id) => ({ kind: 'network', id, body: 'connect' }),
  ],
  [
    'POST',
    new RegExp(`^/networks/${ID}/disconnect$`),
    (id) => ({ kind: 'network', id, body: 'connect' }),
  ],
];

/** The call a request makes, or undefined for any the driver never makes. */
export function engineCallOf(method: string, pathname: string): EngineCall | undefined {
  const path = pathname.replace(/^\/v1\.\d{1,3}(?=\/)/, '');
  for (const [callMethod, pattern, call] of CALLS) {
    if (callMethod !== method) continue;
    const match = pattern.exec(path);
    if (match) return call(match[1] ?? '');
  }
  return undefined;
}

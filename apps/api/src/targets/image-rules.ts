import { type ImageName, imageNameOf } from '@hackclass/engine';

// Names only the school's own network resolves. An IP literal is recognised by its last label:
// no top-level domain is a number, and `127.1`, `2130706433` or `0x7f.1` reach loopback too.
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa'];
const NUMERIC_LABEL = /^(?:0x[0-9a-f]*|[0-9]+)$/i;

/**
 * Whether a registry is named by an address, or by a name the local network resolves
 * (`localhost`, a single label such as `registry:5000`, `.local`, `.internal`…): reaching it
 * would make the engine a probe into the host and its LAN.
 */
export function isPrivateRegistry(domain: string): boolean {
  const host = domain.replace(/:\d+$/, '').toLowerCase();
  const labels = host.split('.');
  return (
    labels.length === 1 ||
    NUMERIC_LABEL.test(labels.at(-1) ?? '') ||
    LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))
  );
}

/** A LAB_IMAGE_ALLOW prefix spelt as the engine reads it: `library/` is `docker.io/library/`. */
function prefixOf(entry: string): string | undefined {
  if (/^(index\.)?docker\.io\/$/i.test(entry)) return 'docker.io/';
  return imageNameOf(`${entry}x`)?.repository.slice(0, -1);
}

/**
 * Whether LAB_IMAGE_ALLOW lets teachers use `name` and the engine pull it: an entry equal to it
 * (`busybox` is `docker.io/library/busybox:latest`), a prefix ending in `/` of its repository,
 * or `*`, which covers every registry but private ones (those only an entry naming them covers).
 */
export function isAllowListed(name: ImageName, allow: readonly string[]): boolean {
  return allow.some((entry) => {
    if (entry === '*') return !isPrivateRegistry(name.domain);
    if (entry.endsWith('/')) {
      const prefix = prefixOf(entry);
      return prefix !== undefined && name.repository.startsWith(prefix);
    }
    return imageNameOf(entry)?.canonical === name.canonical;
  });
}

/** What the server knows of an image when a teacher would use it. */
export interface ImageFacts {
  allowListed: boolean;
  privateRegistry: boolean;
  /** What the engine says: it has the image, lacks it, does not answer, or there is none. */
  engine: 'has' | 'lacks' | 'silent' | 'none';
  /** Whether a lab someone else created uses it (any tag of its repository). */
  othersUse: boolean;
  /** Whether the teacher is an admin, who may use any image the engine has. */
  ownerIsAdmin: boolean;
}

/**
 * `pull`: listed, so used however it got there and pulled when absent. `local`: on the engine
 * and the teacher's own, never pulled. `unknown`: no engine to ask, so nothing only it could
 * refuse is refused, and nothing is pulled either; without any engine, whose image it is does
 * not matter yet (nothing runs) and every name is answered alike. `refused`: one verdict for
 * every reason.
 */
export type ImageVerdict = 'pull' | 'local' | 'unknown' | 'refused';

export function imageVerdict(facts: ImageFacts): ImageVerdict {
  if (facts.allowListed) return 'pull';
  if (facts.privateRegistry) return 'refused';
  if (facts.engine === 'none') return 'unknown';
  if (facts.othersUse && !facts.ownerIsAdmin) return 'refused';
  if (facts.engine === 'silent') return 'unknown';
  return facts.engine === 'has' ? 'local' : 'refused';
}

import { EngineError } from './errors';

// The distribution project's reference grammar (github.com/distribution/reference, regexp.go):
// [domain[:port]/]path[:tag][@digest]. Checked before a reference reaches an API path.
const DOMAIN_PART = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `${DOMAIN_PART}(?:\\.${DOMAIN_PART})*(?::[0-9]+)?`;
const PATH_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}';
const REFERENCE = new RegExp(
  `^(?:${DOMAIN}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*(?::${TAG})?(?:@${DIGEST})?$`,
);

export function assertImageReference(image: string): void {
  if (image.length > 255 || !REFERENCE.test(image)) {
    throw new EngineError('image_missing', `"${image}" is not a valid image reference.`);
  }
}

/** An image reference as the engine reads it, Docker Hub's short forms spelt out. */
export interface ImageName {
  /** The registry, lower-cased: `docker.io` for Docker Hub. */
  domain: string;
  /** `domain/path`: `docker.io/library/busybox` for `busybox`. */
  repository: string;
  tag: string | undefined;
  digest: string | undefined;
  /** `repository@digest`, else `repository:tag` (`latest` when none is given). */
  canonical: string;
}

const HUB = 'docker.io';

/**
 * The distribution project's normalisation (ParseNormalizedNamed): a first component with no `.`
 * or `:`, not `localhost` and in lower case is a path on Docker Hub, whose one-component names
 * are under `library/`. Undefined for what is no reference.
 */
export function imageNameOf(image: string): ImageName | undefined {
  if (image.length > 255 || !REFERENCE.test(image)) return undefined;
  const [named = '', digest] = image.split('@');
  const slash = named.lastIndexOf('/');
  const colon = named.lastIndexOf(':');
  const name = colon > slash ? named.slice(0, colon) : named;
  const tag = colon > slash ? named.slice(colon + 1) : undefined;
  const first = name.indexOf('/');
  const head = first === -1 ? '' : name.slice(0, first);
  const isDomain = /[.:]/.test(head) || head === 'localhost' || head !== head.toLowerCase();
  let domain = isDomain ? head.toLowerCase() : HUB;
  let path = isDomain ? name.slice(first + 1) : name;
  if (domain === 'index.docker.io') domain = HUB;
  if (domain === HUB && !path.includes('/')) path = `library/${path}`;
  const repository = `${domain}/${path}`;
  return {
    domain,
    repository,
    tag,
    digest,
    canonical: digest ? `${repository}@${digest}` : `${repository}:${tag ?? 'latest'}`,
  };
}

/**
 * Whether an image the engine found carries `image` as one of its names. The engine also finds
 * an image by any prefix of its id (`8c95`, `sha256:8c95`), which names nothing a lab chose.
 */
export function isNamedBy(
  found: { RepoTags?: string[] | null; RepoDigests?: string[] | null },
  image: string,
): boolean {
  const wanted = imageNameOf(image)?.canonical;
  if (!wanted) return false;
  const names = [...(found.RepoTags ?? []), ...(found.RepoDigests ?? [])];
  return names.some((name) => imageNameOf(name)?.canonical === wanted);
}

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

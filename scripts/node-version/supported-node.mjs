// Which Node.js HackClass runs on, said in one line when it is not this one. Plain JavaScript
// that old Node versions still run, so that they can be told.

/** The oldest Node.js HackClass runs on (package.json's `engines`). */
export const OLDEST_SUPPORTED = [22, 12];

/** The line to stop with on Node.js `version` (`22.11.0`), or undefined when it is supported. */
export function unsupportedNodeMessage(version) {
  const [major, minor] = version.split('.').map(Number);
  const [oldestMajor, oldestMinor] = OLDEST_SUPPORTED;
  if (major > oldestMajor || (major === oldestMajor && minor >= oldestMinor)) return undefined;
  return (
    `HackClass needs Node.js ${oldestMajor}.${oldestMinor} or later (an LTS line: 22 or 24); ` +
    `this is Node.js ${version}. Install Node.js 24 from https://nodejs.org/en/download, ` +
    'or with nvm: nvm install 24'
  );
}

import { parseDocument } from 'yaml';
import { apiErrors } from '../errors';
import type { Challenge } from './ctfd-lab-fields';

/**
 * A challenge file's name: ctfcli's `challenge.yml`, and the variants repositories use
 * (`challenge.yaml`, `challenge-1.yml`, `challenge_web.yml`).
 */
export const CHALLENGE_FILE = /(^|\/)challenge[^/]*\.ya?ml$/i;

/** Folders a repository holds that no challenge file in them is one: packages, git's own. */
const NOT_CHALLENGES = /(^|\/)(node_modules|\.git)\//;

/** Whether the upload's file at `path` is a challenge file to read. */
export const isChallengeFile = (path: string) =>
  CHALLENGE_FILE.test(path) && !NOT_CHALLENGES.test(path);

/** A challenge file that by its name is an example of the format or a template for others. */
export const EXAMPLE_FILE = /(^|\/)challenge[^/]*(example|template)[^/]*\.ya?ml$/i;

/**
 * Template expressions left unquoted as a whole value (`value: {{medium}}`, `- {{flag}}`), as
 * repositories that generate their challenge files write them: quoted, so that they read as the
 * text they are, not as YAML's nested flow mappings.
 */
const UNQUOTED_TEMPLATE = /^(\s*(?:-\s+|[^\s#'"-][^:#\n]*:\s+))(\{\{[^\n]*?\}\})[ \t]*$/gm;

/** A top-level field whose double-quoted value goes on past its line. */
const OPEN_QUOTED = /^[^\s#][^:]*:\s+"(?:[^"\\]|\\.)*$/;
const CLOSES_QUOTE = /^(?:[^"\\]|\\.)*"/;

/**
 * Double-quoted values of top-level fields whose later lines start at the line's start, which
 * YAML wants indented (`description: "…\n<br>…"`): indented, as CTFd's own reader (PyYAML)
 * takes them as they are.
 */
function indentQuotedContinuations(text: string): string {
  let open = false;
  return text
    .split('\n')
    .map((line) => {
      if (!open) {
        open = OPEN_QUOTED.test(line);
        return line;
      }
      open = !CLOSES_QUOTE.test(line);
      return /^\S/.test(line) ? ` ${line}` : line;
    })
    .join('\n');
}

/** `bytes` of the challenge file at `path`, read as a mapping of fields. */
export function readChallengeYaml(path: string, bytes: Buffer): Challenge {
  const text = indentQuotedContinuations(
    bytes
      .toString('utf8')
      .replace(
        UNQUOTED_TEMPLATE,
        (_line, before: string, template: string) => `${before}${JSON.stringify(template)}`,
      ),
  );
  const document = parseDocument(text);
  const [error] = document.errors;
  if (error?.code === 'MULTIPLE_DOCS') {
    throw apiErrors.labArchiveInvalid(
      path,
      'Several YAML documents in one file (a Kubernetes manifest?): not a ctfcli challenge file',
    );
  }
  if (error) {
    const at = error.linePos?.[0];
    const where = at ? ` at line ${at.line}, column ${at.col}` : '';
    // The message's own position and the excerpt after it are said once, above.
    const problem = error.message.split(/ at line \d+/)[0];
    throw apiErrors.labArchiveInvalid(path, `YAML error${where}: ${problem}`);
  }
  let challenge: unknown;
  try {
    // Aliases expand as they are read: a few lines of nested ones ("billion laughs") would make
    // billions of nodes, so past 100 the yaml package stops.
    challenge = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw apiErrors.labArchiveInvalid(path, `YAML error: ${(error as Error).message}`);
  }
  if (typeof challenge !== 'object' || challenge === null || Array.isArray(challenge)) {
    throw apiErrors.labArchiveInvalid(path, 'Not a challenge: expected a mapping of fields');
  }
  return challenge as Challenge;
}

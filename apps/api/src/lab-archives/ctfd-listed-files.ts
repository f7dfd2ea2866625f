/**
 * The path `listed` names from the folder `folder` (`''` or ending in `/`), made plain
 * (`./a`, `a//b`, `src/../dist/x`), or undefined when it leaves the upload.
 */
export function listedPath(folder: string, listed: string): string | undefined {
  if (listed.startsWith('/') || listed.includes('\\') || listed.includes('\u0000')) {
    return undefined;
  }
  const segments: string[] = [];
  for (const segment of `${folder}${listed}`.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') segments.push(segment);
    else if (segments.pop() === undefined) return undefined;
  }
  return segments.join('/');
}

const GLOB_CHARACTERS = /[*?]/;

/** A glob as a regular expression over whole paths: `**` crosses folders, `*` and `?` do not. */
function globPattern(glob: string): RegExp {
  let pattern = '';
  for (let index = 0; index < glob.length; index++) {
    const character = glob[index] as string;
    if (character === '*' && glob[index + 1] === '*') {
      // `**/` matches no folder too.
      const slash = glob[index + 2] === '/';
      pattern += slash ? '(?:.*/)?' : '.*';
      index += slash ? 2 : 1;
    } else if (character === '*') pattern += '[^/]*';
    else if (character === '?') pattern += '[^/]';
    else pattern += character.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

/**
 * The upload's files that the path `path` (from `listedPath`) names: the file itself, every
 * file under it when it is a folder, or those its glob matches, in path order. Empty when none
 * is in the upload.
 */
export function filesNamed(path: string, uploaded: Iterable<string>): string[] {
  const paths = [...uploaded];
  if (GLOB_CHARACTERS.test(path)) {
    const glob = globPattern(path.endsWith('/') ? `${path}**` : path);
    return paths.filter((candidate) => glob.test(candidate)).sort();
  }
  if (paths.includes(path)) return [path];
  const folder = `${path.replace(/\/$/, '')}/`;
  return paths.filter((candidate) => candidate.startsWith(folder)).sort();
}

/**
 * The folder every file of an upload is in, as GitHub's "Download ZIP" puts a repository in
 * `<name>-<branch>/`; `''` when the files are not all in one.
 */
export function topFolderOf(uploaded: readonly string[]): string {
  const [first] = uploaded;
  const top = first?.includes('/') ? `${first.slice(0, first.indexOf('/'))}/` : '';
  return top !== '' && uploaded.every((path) => path.startsWith(top)) ? top : '';
}

/**
 * The files a challenge in `folder` means by `listed`, as `filesNamed` finds them from its folder;
 * else, as repositories also write them, from the repository's top folder (`top`), or (a bare
 * name) the one file of that name under its folder. Empty when none is in the upload.
 */
export function filesListed(
  folder: string,
  listed: string,
  uploaded: readonly string[],
  top: string,
): string[] {
  const path = listedPath(folder, listed);
  const fromFolder = path === undefined ? [] : filesNamed(path, uploaded);
  if (fromFolder.length > 0 || folder === top) return fromFolder;
  const fromTop = listedPath(top, listed);
  const found = fromTop === undefined ? [] : filesNamed(fromTop, uploaded);
  if (found.length > 0 || listed.includes('/')) return found;
  const sameName = uploaded.filter(
    (candidate) => candidate.startsWith(folder) && candidate.endsWith(`/${listed}`),
  );
  return sameName.length === 1 ? sameName : [];
}

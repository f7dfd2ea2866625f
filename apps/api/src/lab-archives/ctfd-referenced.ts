import { asList } from './ctfd-lab-fields';
import { filesListed, topFolderOf } from './ctfd-listed-files';
import { isChallengeFile, readChallengeYaml } from './ctfd-yaml';

/**
 * Of a repository's files, those its challenges need: every challenge file, and every file one
 * of them lists (as `readCtfd` finds them). Build folders, packages and git's own files that no
 * challenge names are left out. A challenge file that cannot be read lists nothing: `readCtfd`
 * reports it.
 */
export async function filesChallengesNeed(
  paths: readonly string[],
  read: (path: string) => Promise<Buffer>,
): Promise<Set<string>> {
  const top = topFolderOf(paths);
  const needed = new Set<string>();
  for (const source of paths.filter(isChallengeFile)) {
    needed.add(source);
    let listed: unknown[];
    try {
      listed = asList(readChallengeYaml(source, await read(source)).files);
    } catch {
      continue;
    }
    const folder = source.slice(0, source.lastIndexOf('/') + 1);
    for (const entry of listed) {
      if (typeof entry !== 'string') continue;
      for (const path of filesListed(folder, entry, paths, top)) needed.add(path);
    }
  }
  return needed;
}

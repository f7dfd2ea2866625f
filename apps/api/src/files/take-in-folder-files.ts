import { copyMissingFiles, type FileStore } from '@hackclass/storage';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Copies into `files` what an installation that kept its uploads in the folder left there,
 * so that moving to FILE_STORAGE=database loses nothing. The folder is left as it was.
 */
export async function takeInFolderFiles(
  folder: FileStore,
  files: FileStore,
  log: FastifyBaseLogger,
): Promise<void> {
  const { found, copied } = await copyMissingFiles(folder, files);
  if (found === 0) return;
  log.info(
    { found, copied },
    `Copied ${copied} of the ${found} uploaded files in DATA_DIR/files into the database (the others were there already); the folder is no longer read`,
  );
}

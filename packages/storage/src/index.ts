export { copyMissingFiles } from './copy-missing-files';
export { FileNotFoundError, FileTooLargeError, StorageFullError } from './errors';
export type { FileStore, PutOptions, StoredFile } from './file-store';
export { assertStorageKey, newStorageKey } from './keys';
export {
  createLocalFileStore,
  DISK_RESERVE_BYTES,
  removeUnfinishedWrites,
} from './local-file-store';
export { uploadGuard } from './upload-guard';

export { FileNotFoundError, FileTooLargeError } from './errors';
export { assertStorageKey, newStorageKey } from './keys';
export {
  createLocalFileStore,
  type FileStore,
  type PutOptions,
  type StoredFile,
} from './local-file-store';

import type { FileStore } from '@hackclass/storage';
import { apiErrors } from '../errors';
import { hasMarkup } from './image-markup';
import { imageSize } from './image-size';
import { detectImageType } from './image-type';

/** Wider or taller than this is no classroom picture, and costs browsers much memory to decode. */
export const IMAGE_MAX_SIDE = 4096;

/**
 * Refuses a stored image whose header declares more than IMAGE_MAX_SIDE pixels a side (or cannot
 * be read), or whose ends carry web page markup. The whole file is read: it is a few MB at most.
 */
export async function checkStoredImage(store: FileStore, storageKey: string): Promise<void> {
  const { body } = await store.get(storageKey);
  const bytes = Buffer.concat(await body.toArray());
  const type = detectImageType(bytes);
  const size = type && imageSize(bytes, type);
  if (!size || size.width === 0 || size.height === 0) throw apiErrors.notAnImage();
  if (size.width > IMAGE_MAX_SIDE || size.height > IMAGE_MAX_SIDE) {
    throw apiErrors.imageTooLarge(IMAGE_MAX_SIDE);
  }
  if (hasMarkup(bytes)) throw apiErrors.imageWithMarkup();
}

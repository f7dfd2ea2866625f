import type { ImageType } from './image-type';

export interface ImageSize {
  width: number;
  height: number;
}

const uint16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const uint16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const uint24le = (bytes: Uint8Array, at: number) =>
  uint16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
const uint32be = (bytes: Uint8Array, at: number) =>
  uint16be(bytes, at) * 0x10000 + uint16be(bytes, at + 2);
const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The IHDR chunk comes first, right after the signature. */
function pngSize(bytes: Uint8Array): ImageSize | undefined {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return undefined;
  return { width: uint32be(bytes, 16), height: uint32be(bytes, 20) };
}

/** The logical screen, which every frame of the file is drawn into. */
function gifSize(bytes: Uint8Array): ImageSize | undefined {
  if (bytes.length < 10) return undefined;
  return { width: uint16le(bytes, 6), height: uint16le(bytes, 8) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): not DHT, JPG or DAC. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Walks the segments (EXIF and ICC profiles may come first) to the start of frame. */
function jpegSize(bytes: Uint8Array): ImageSize | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (isStartOfFrame(marker)) {
      return { width: uint16be(bytes, at + 7), height: uint16be(bytes, at + 5) };
    }
    // Start of scan before any frame: not a JPEG we can size.
    if (marker === 0xda) return undefined;
    const standalone = marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
    at += standalone ? 2 : 2 + uint16be(bytes, at + 2);
  }
  return undefined;
}

/** The first chunk says: lossy (VP8), lossless (VP8L) or extended with a canvas (VP8X). */
function webpSize(bytes: Uint8Array): ImageSize | undefined {
  // The shortest, VP8L's, ends at byte 25; a longer one cut short reads as 0 pixels wide.
  if (bytes.length < 25) return undefined;
  switch (ascii(bytes, 12, 4)) {
    case 'VP8 ':
      if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
      return { width: uint16le(bytes, 26) & 0x3fff, height: uint16le(bytes, 28) & 0x3fff };
    case 'VP8L': {
      if (bytes[20] !== 0x2f) return undefined;
      const bits = uint16le(bytes, 21) + uint16le(bytes, 23) * 0x10000;
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      return { width: uint24le(bytes, 24) + 1, height: uint24le(bytes, 27) + 1 };
    default:
      return undefined;
  }
}

const readers: Record<ImageType, (bytes: Uint8Array) => ImageSize | undefined> = {
  'image/png': pngSize,
  'image/gif': gifSize,
  'image/jpeg': jpegSize,
  'image/webp': webpSize,
};

/** The pixel size an image's header declares, or undefined when the header cannot be read. */
export const imageSize = (bytes: Uint8Array, type: ImageType): ImageSize | undefined =>
  readers[type](bytes);

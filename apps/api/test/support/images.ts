import { crc32, deflateSync } from 'node:zlib';

const uint32be = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const uint32le = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
const uint16 = (value: number, endian: 'BE' | 'LE') => {
  const bytes = Buffer.alloc(2);
  if (endian === 'BE') bytes.writeUInt16BE(value);
  else bytes.writeUInt16LE(value);
  return bytes;
};
const uint24le = (value: number) => Buffer.from([value & 0xff, (value >> 8) & 0xff, value >> 16]);

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([uint32be(data.length), typed, uint32be(crc32(typed))]);
}

/**
 * A PNG of `width`×`height` transparent pixels; past 64 pixels a side only its header, which is
 * all a size check reads (a real 20 000×20 000 image would be megabytes).
 */
export function pngImage(width: number, height: number): Buffer {
  const header = Buffer.concat([
    uint32be(width),
    uint32be(height),
    Buffer.from([8, 6, 0, 0, 0]), // 8-bit RGBA, deflate, no filter, no interlace
  ]);
  const small = width <= 64 && height <= 64;
  const rows = Buffer.alloc(small ? height * (1 + width * 4) : 0);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...(small ? [pngChunk('IDAT', deflateSync(rows))] : []),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF's header and logical screen, then its trailer. */
export const gifImage = (width: number, height: number) =>
  Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    uint16(width, 'LE'),
    uint16(height, 'LE'),
    Buffer.from([0, 0, 0, 0x3b]),
  ]);

/** A JPEG's JFIF and EXIF-sized application segments, then its baseline start of frame. */
export const jpegImage = (width: number, height: number) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([0xff, 0xe0]),
    uint16(16, 'BE'),
    Buffer.from('JFIF\u0000\u0001\u0001\u0000\u0000\u0001\u0000\u0001\u0000\u0000', 'latin1'),
    Buffer.from([0xff, 0xe1]),
    uint16(2 + 300, 'BE'),
    Buffer.alloc(300, 0xff),
    Buffer.from([0xff, 0xc0]),
    uint16(17, 'BE'),
    Buffer.from([8]),
    uint16(height, 'BE'),
    uint16(width, 'BE'),
    Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
    Buffer.from([0xff, 0xd9]),
  ]);

const riff = (chunk: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from('RIFF', 'latin1'),
    uint32le(data.length + 12),
    Buffer.from(`WEBP${chunk}`, 'latin1'),
    uint32le(data.length),
    data,
  ]);

/** A WebP whose first chunk is lossy (VP8), lossless (VP8L) or extended (VP8X). */
export function webpImage(width: number, height: number, kind: 'VP8 ' | 'VP8L' | 'VP8X') {
  switch (kind) {
    case 'VP8 ':
      return riff(
        kind,
        Buffer.concat([
          Buffer.from([0, 0, 0, 0x9d, 0x01, 0x2a]),
          uint16(width, 'LE'),
          uint16(height, 'LE'),
          Buffer.alloc(2),
        ]),
      );
    case 'VP8L': {
      const bits = (width - 1) | ((height - 1) << 14);
      return riff(kind, Buffer.concat([Buffer.from([0x2f]), uint32le(bits)]));
    }
    case 'VP8X':
      return riff(
        kind,
        Buffer.concat([Buffer.alloc(4), uint24le(width - 1), uint24le(height - 1)]),
      );
  }
}

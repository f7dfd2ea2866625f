import { describe, expect, it } from 'vitest';
import { gifImage, jpegImage, pngImage, webpImage } from '../../test/support/images';
import { imageSize } from './image-size';
import { detectImageType } from './image-type';

const sizeOf = (bytes: Buffer) => {
  const type = detectImageType(bytes);
  if (!type) throw new Error('not an image');
  return imageSize(bytes, type);
};

describe('imageSize', () => {
  it.each([
    ['PNG', pngImage(20_000, 30), 20_000],
    ['GIF', gifImage(20_000, 30), 20_000],
    ['JPEG after its application segments', jpegImage(20_000, 30), 20_000],
    ['lossy WebP', webpImage(16_000, 30, 'VP8 '), 16_000],
    ['lossless WebP', webpImage(16_000, 30, 'VP8L'), 16_000],
    ['extended WebP', webpImage(16_000, 30, 'VP8X'), 16_000],
  ])('reads the size a %s header declares', (_kind, bytes, width) => {
    expect(sizeOf(bytes)).toEqual({ width, height: 30 });
  });

  it('reads small sizes exactly', () => {
    expect(sizeOf(pngImage(3, 2))).toEqual({ width: 3, height: 2 });
    expect(sizeOf(jpegImage(640, 480))).toEqual({ width: 640, height: 480 });
    expect(sizeOf(webpImage(1, 16_384, 'VP8L'))).toEqual({ width: 1, height: 16_384 });
    expect(sizeOf(webpImage(16_777_216, 1, 'VP8X'))).toEqual({ width: 16_777_216, height: 1 });
  });

  it('gives up on a header cut short or out of order', () => {
    expect(sizeOf(pngImage(3, 2).subarray(0, 20))).toBeUndefined();
    expect(sizeOf(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 8, 1, 2, 3, 4, 5, 6]))).toBeUndefined();
    expect(sizeOf(jpegImage(10, 10).subarray(0, 30))).toBeUndefined();
    expect(sizeOf(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPJUNK', 'latin1'))).toBeUndefined();
  });
});

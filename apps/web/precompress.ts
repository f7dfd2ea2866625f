import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.html', '.json', '.txt', '.webmanifest']);
/** Below this, the saving is smaller than the headers the encoding adds. */
const MIN_BYTES = 1024;

/** Files under `dir`, leaving out dot folders such as the build's `.vite` (never served). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes `.gz` and `.br` beside every compressible file of `dir` worth compressing, at the highest
 * levels: done once at build time, the server then sends them without compressing per request.
 */
export function precompressFolder(dir: string): string[] {
  const written: string[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const original = readFileSync(file);
    const encodings: Array<[string, Buffer]> = [
      ['.gz', gzipSync(original, { level: constants.Z_BEST_COMPRESSION })],
      [
        '.br',
        brotliCompressSync(original, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        }),
      ],
    ];
    for (const [suffix, compressed] of encodings) {
      if (compressed.length >= original.length) continue;
      writeFileSync(file + suffix, compressed);
      written.push(file + suffix);
    }
  }
  return written;
}

/** Pre-compresses the finished build, public files included. */
export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'hackclass-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
};

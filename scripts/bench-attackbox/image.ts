import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildBoxImage } from '@hackclass/engine/testing';

/** The attack box image an operator builds with deploy/attackbox/build.sh. */
export const REAL_BOX_IMAGE = 'hackclass/attackbox:1';

export interface BoxImage {
  image: string;
  /** How the output names it. */
  description: string;
  /** Removes the image if this run built it; leaves one it found alone. */
  remove(): Promise<void>;
}

const hasImage = (image: string) =>
  promisify(execFile)('docker', ['image', 'inspect', '--format', '{{.Id}}', image]).then(
    () => true,
    () => false,
  );

/**
 * BENCH_BOX_IMAGE when set (it must be in the local engine: nothing is pulled), else the real
 * box when the engine has it, else the test kit's busybox box, built here from local files.
 */
export async function boxImage(): Promise<BoxImage> {
  const keep = async () => {};
  const chosen = process.env.BENCH_BOX_IMAGE;
  if (chosen) {
    if (!(await hasImage(chosen))) {
      throw new Error(`BENCH_BOX_IMAGE ${chosen} is not in the local engine (nothing is pulled)`);
    }
    return { image: chosen, description: `${chosen} (BENCH_BOX_IMAGE)`, remove: keep };
  }
  if (await hasImage(REAL_BOX_IMAGE)) {
    return {
      image: REAL_BOX_IMAGE,
      description: `${REAL_BOX_IMAGE} (the real box: Debian, bash -l)`,
      remove: keep,
    };
  }
  const built = await buildBoxImage();
  return {
    image: built.image,
    description: `${built.image} (busybox test box built here: ${REAL_BOX_IMAGE} is not in the engine)`,
    remove: built.remove,
  };
}

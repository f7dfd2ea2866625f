import { ownerOnlyFiles } from '@hackclass/db/data-dir';
import { runCli } from './cli';
import { commands } from './commands';
import { processIo } from './process-io';

// As in the server: whatever a command creates under DATA_DIR is the owner's alone.
ownerOnlyFiles();
process.exitCode = await runCli(process.argv.slice(2), processIo(), commands);

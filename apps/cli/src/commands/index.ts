import type { Command } from '../command';
import { adminCommand } from './admin';
import { backupCommand } from './backup';
import { configCommand } from './config';
import { connectCommand } from './connect';
import { engineProxyCommand } from './engine-proxy';
import { identityCommand } from './identity';
import { migrateCommand } from './migrate';
import { restoreCommand } from './restore';
import { ssoCommand } from './sso';
import { usersCommand } from './users';

/** Every command, in the order `hackclass help` lists them. */
export const commands: Command[] = [
  migrateCommand,
  adminCommand,
  usersCommand,
  identityCommand,
  ssoCommand,
  configCommand,
  backupCommand,
  restoreCommand,
  connectCommand,
  engineProxyCommand,
];

import type { Command } from '../command';
import { backupCommand } from './backup';
import { configCommand } from './config';
import { restoreCommand } from './restore';

/** Every command, in the order `hackclass help` lists them. */
export const commands: Command[] = [configCommand, backupCommand, restoreCommand];

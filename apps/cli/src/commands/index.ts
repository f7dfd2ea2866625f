import type { Command } from '../command';
import { adminCommand } from './admin';
import { configCommand } from './config';
import { migrateCommand } from './migrate';
import { usersCommand } from './users';

/** Every command, in the order `hackclass help` lists them. */
export const commands: Command[] = [migrateCommand, adminCommand, usersCommand, configCommand];

import type { Command } from '../command';
import { configCommand } from './config';

/** Every command, in the order `hackclass help` lists them. */
export const commands: Command[] = [configCommand];

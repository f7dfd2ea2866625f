import { account } from './account';
import { classrooms } from './classrooms';
import { gettingStarted } from './getting-started';
import { labs } from './labs';
import { operators } from './operators';
import type { HelpSection } from './types';

export type { HelpArticle, HelpGroup, HelpSection } from './types';

/** The help centre, in reading order. */
export const helpSections: HelpSection[] = [gettingStarted, account, classrooms, labs, operators];

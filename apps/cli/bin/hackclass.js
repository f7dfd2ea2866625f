#!/usr/bin/env node
// The sources are TypeScript, run as they are (as `npm start` runs the server).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');

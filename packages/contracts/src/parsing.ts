import { z } from 'zod';

// Zod compiles its object parsers with `new Function` when it may, probing whether it may as
// each object schema is made. Under the web app's CSP (no eval) every probe is a reported
// violation, so in a browser schemas parse without compiling. index.ts imports this module
// first, before any schema is made; servers keep the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

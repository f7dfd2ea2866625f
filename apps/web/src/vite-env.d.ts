/** Set by vite.config.ts at build time: the id written to /builds/latest.json. */
declare const __BUILD_ID__: string;

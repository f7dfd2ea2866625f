import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      '{apps,packages}/*/src/**/*.test.ts',
      'e2e/**/*.test.ts',
      'lint/**/*.test.ts',
      'security/**/*.test.ts',
    ],
    // Browser journeys and server processes are slow on a loaded two-core machine.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});

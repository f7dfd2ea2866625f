import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app's `@/…` imports resolve through the `paths` of its tsconfig.json.
  resolve: { tsconfigPaths: true },
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

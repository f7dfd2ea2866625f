import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{apps,packages}/*/src/**/*.test.ts', 'e2e/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

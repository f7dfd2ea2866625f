import { availableParallelism } from 'node:os';
import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './e2e/support/browser';

/** Component tests render in the browser the app runs in; every other test runs in Node. */
const componentTests = 'apps/web/src/**/*.test.tsx';

/**
 * The one end-to-end test that is no browser journey: it runs the product's container image, on
 * PostgreSQL only, and belongs with the tests of the product's processes.
 */
const containerImageTest = 'e2e/container-image.test.ts';

/** The server and the CLI, tested as the processes an operator starts. */
const processTests = ['apps/{server,cli}/**/*.test.ts', containerImageTest];

/** Bundles the server once per run for the tests that start it as a process. */
const serverBundle = './apps/server/testing/bundle-setup.ts';

export default defineConfig({
  // The web app's `@/…` imports resolve through the `paths` of its tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    // Browser journeys and server processes are slow on a loaded two-core machine.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // A poll of a page, a stream or a database for a second misses its moment on a busy machine.
    expect: { poll: { timeout: 10_000 } },
    // Most test files spend their time waiting on a server process, a browser, the engine or a
    // database, so one more file than there are cores keeps the cores busy (Vitest's default is
    // one fewer than the cores: a single file at a time on two).
    maxWorkers: availableParallelism() + 1,
    // A worker keeps the modules it loaded for the next file: loading the API, the database
    // driver and their dependencies again for every file was a third of the suite's CPU time.
    // Each file still has its own database, servers and browser.
    isolate: false,
    projects: [
      {
        // Unit, database and API tests, in the test's own process.
        extends: true,
        test: {
          name: 'node',
          sequence: { groupOrder: 1 },
          include: [
            '{apps,packages}/*/{src,test,testing}/**/*.test.{ts,tsx}',
            'lint/**/*.test.ts',
            'scripts/**/*.test.ts',
            'security/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, componentTests, ...processTests],
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          sequence: { groupOrder: 1 },
          include: processTests,
          globalSetup: serverBundle,
        },
      },
      {
        // The web app in Chromium against a real server process, end to end.
        extends: true,
        test: {
          name: 'journeys',
          sequence: { groupOrder: 1 },
          globalSetup: serverBundle,
          // A journey that fails runs once more: about one in 300 fails once on a loaded two-core
          // machine and passes again. One that passes only then is named, with why it failed
          // first, at the end of the run (scripts/timings-reporter.ts), to be fixed, not hidden.
          retry: 1,
          include: ['e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, containerImageTest],
        },
      },
      {
        // The web app's own Vite configuration: its plugins, `@/` paths and build constants.
        extends: './apps/web/vite.config.ts',
        // Found only as tests import them, these would be bundled in a second pass that reloads
        // the page mid-run and loads React twice.
        optimizeDeps: {
          include: [
            '@mantine/core',
            '@mantine/dropzone',
            '@mantine/form',
            '@mantine/hooks',
            '@tabler/icons-react',
            '@tanstack/react-query',
            '@mantine/notifications',
            'firebase/app',
            'firebase/auth',
            're2js',
            'react-dom/client',
            'react-markdown',
            'react-router',
            'vitest-browser-react',
            'zod',
          ],
        },
        test: {
          name: 'components',
          include: [componentTests],
          // First and on their own (half a minute): a test page starved of CPU by the rest of the
          // suite answers too late for the browser's own timeouts.
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          // Assertions on the page retry for up to a second by default: short on a busy machine.
          expect: { poll: { timeout: 5_000 } },
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});

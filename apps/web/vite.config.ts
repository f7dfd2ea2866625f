import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The all-in-one server (apps/server) answers these in development. */
const backend = 'http://127.0.0.1:3000';
const proxiedPrefixes = [
  '/api',
  '/config.json',
  '/identitytoolkit.googleapis.com',
  '/securetoken.googleapis.com',
];

export default defineConfig({
  plugins: [react()],
  // `@/…` imports resolve through the `paths` of tsconfig.json.
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so a new build of the app does not re-download the libraries.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: backend }])),
  },
});

import { z } from 'zod';

/** What `GET /config.json` tells the web app at run time. */
export const runtimeConfigSchema = z.object({
  productName: z.string(),
  apiBaseUrl: z.string(),
  identity: z.object({
    apiKey: z.string(),
    projectId: z.string(),
    /** Origin of the self-hosted identity service; absent when a real Firebase project is used. */
    emulatorOrigin: z.string().optional(),
    /** Firebase auth domain; present only when a real Firebase project is used. */
    authDomain: z.string().optional(),
  }),
  /** Whether live lab targets are configured here (LABS_DRIVER other than `none`). */
  targets: z.object({ enabled: z.boolean() }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

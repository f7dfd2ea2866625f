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
  /**
   * Whether live lab targets are configured here (LABS_DRIVER other than `none`), and attack
   * boxes too (an ATTACKBOX_IMAGE besides).
   */
  targets: z.object({ enabled: z.boolean(), attackBoxes: z.boolean() }),
  /**
   * Whether this server's mail goes to its dev outbox (no SMTP_URL, accounts of its own): a
   * trial install, whose pages say where a mail went.
   */
  mail: z.object({ devOutbox: z.boolean() }),
  /** The server's upload limits (UPLOAD_*), so the forms refuse what the API would. */
  uploads: z.object({
    imageMaxBytes: z.number().int().positive(),
    fileMaxBytes: z.number().int().positive(),
    filesPerLab: z.number().int().positive(),
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

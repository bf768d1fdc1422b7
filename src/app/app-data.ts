import { z } from 'zod';

/** What the server hands the page for hydration, in a JSON script element. */
export const appDataSchema = z.object({
  /** HTTP status of the server render: 404 renders the not-found page at that URL. */
  status: z.number().int(),
  /** The offline shell: the browser renders the page at its real URL instead of hydrating. */
  shell: z.boolean().optional(),
  fallback: z.record(z.string(), z.unknown()),
  settings: z.object({
    origin: z.string(),
    gtm: z.object({ UAE: z.string().optional(), IN: z.string().optional() }),
    googleClientId: z.string().optional(),
    tokenKey: z.string().optional(),
  }),
  assets: z.object({
    css: z.array(z.string()),
    preload: z.array(z.string()),
  }),
});
export type AppData = z.infer<typeof appDataSchema>;

export const APP_DATA_ID = '__APP_DATA__';

/** JSON safe to put inside a <script> element. */
export function serializeAppData(data: AppData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

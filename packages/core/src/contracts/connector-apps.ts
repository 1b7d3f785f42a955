// The installation's app registrations on the marketplaces (issue 18 must-have 5): what the root
// account sets on /system/connectorApps. Secrets go in, never out: a row says whether the secret is
// set and shows at most its last 4 characters.
import { z } from 'zod';

/** Platform keys with an app registration (the platform code without CI_PLATFORM_; QIMEN for the Qimen router, CAINIAO for Cainiao LINK). */
export const CONNECTOR_APP_KEYS = ['TAOBAO', 'PDD', 'JD', 'DY', 'KSXD', 'QIMEN', 'CAINIAO'] as const;
export type ConnectorAppKey = (typeof CONNECTOR_APP_KEYS)[number];

const Url = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v), 'Must be an http(s) address');

export const ConnectorAppRow = z.object({
  platformKey: z.string(),
  /** Where the credentials in use come from: this page, the environment, or nowhere. */
  source: z.enum(['PAGE', 'ENV']).nullable(),
  appKey: z.string().nullable(),
  secretSet: z.boolean(),
  /** `****` and at most the last 4 characters. */
  secretHint: z.string().nullable(),
  /** Whether a signing secret distinct from the app secret is set (Kuaishou's signSecret). */
  signSecretSet: z.boolean(),
  /** The app's service id on the platform's service market (Douyin's service_id), not a secret. */
  serviceId: z.string().nullable(),
  gatewayUrl: z.string().nullable(),
  authorizeUrl: z.string().nullable(),
  callbackUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ConnectorAppRow = z.infer<typeof ConnectorAppRow>;

export const ConnectorAppSaveInput = z.object({
  platformKey: z.enum(CONNECTOR_APP_KEYS),
  appKey: z.string().trim().min(1).max(100),
  /** Empty: keep the saved secret. */
  appSecret: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The signing secret of a platform that has one apart from the app secret (Kuaishou's signSecret). Empty: keep the saved one. */
  signSecret: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The app's service id on the platform's service market (Douyin's service_id, a number the service market shows); empty: none. */
  serviceId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^[A-Za-z0-9_-]+$/.test(v), 'Letters, digits, - and _ only'),
  gatewayUrl: Url,
  authorizeUrl: Url,
  callbackUrl: Url,
});
export type ConnectorAppSaveInput = z.input<typeof ConnectorAppSaveInput>;
export type ConnectorAppSave = z.output<typeof ConnectorAppSaveInput>;

export const ConnectorAppKeyInput = z.object({ platformKey: z.enum(CONNECTOR_APP_KEYS) });
export type ConnectorAppKeyInput = z.infer<typeof ConnectorAppKeyInput>;

export const ConnectorAppErrors = {
  /** A first save must carry the secret. */
  SECRET_REQUIRED: 'ERR_CONNECTOR_APP_SECRET_REQUIRED',
} as const;

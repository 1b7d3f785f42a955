// The installation's app registrations on the marketplaces (app key, secret, gateway, consent page,
// callback), set by the root account on /system/connectorApps. Platform-level: one row per platform
// key (the platform code without CI_PLATFORM_, e.g. TAOBAO, PDD, QIMEN). The secrets are encrypted at
// rest (platform/secret-box.ts) and never answered to the web app.
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { encryptedText } from '../../platform/secret-box.js';
import { createdAt, updatedAt } from '../columns.js';

export const connectorApps = pgTable('connector_apps', {
  platformKey: text('platform_key').primaryKey(),
  appKey: text('app_key').notNull(),
  appSecret: encryptedText('app_secret').notNull(),
  gatewayUrl: text('gateway_url'),
  authorizeUrl: text('authorize_url'),
  callbackUrl: text('callback_url'),
  /** A signing secret distinct from the app secret (Kuaishou's signSecret), encrypted like it; null elsewhere. */
  signSecret: encryptedText('sign_secret'),
  /** The app's service id on the platform's service market (Douyin's service_id, which its consent page takes); not a secret; null elsewhere. */
  serviceId: text('service_id'),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

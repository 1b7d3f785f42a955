// The installation's app registration on each platform (app key and secret, gateway, consent
// page, callback). Two sources: the root account's page /system/connectorApps (table
// connector_apps, secret encrypted at rest) and environment variables
// OPENSELLER_CONNECTOR_<KEY>_APP_KEY / _APP_SECRET / _GATEWAY_URL / _AUTHORIZE_URL / _CALLBACK_URL
// (and _SIGN_SECRET for a platform that signs with a secret of its own, Kuaishou; _SERVICE_ID for
// one whose consent page takes the app's service-market id, Douyin),
// KEY = the platform code without CI_PLATFORM_ (TAOBAO, PDD, JD, ...; QIMEN). A platform saved on
// the page uses the page's entry; otherwise the environment's. Secrets are never sent to the web
// app and never logged: describeAppCredentials() is what the pages see.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { connectorApps } from '../db/schema/index.js';

/** An installation's app registration on one platform (never sent to the web app, never logged). */
export interface PlatformAppCredentials {
  appKey: string;
  appSecret: string;
  /** The platform's API gateway; tests point it at the local fake. null = the platform's published default. */
  gatewayUrl: string | null;
  /** The platform's OAuth consent page; null = the published default. */
  authorizeUrl: string | null;
  /**
   * The callback address registered with the platform (our /#/authorization page on the public
   * site); null = the address of the site the seller is using. Optional: env-only lookups omit it.
   */
  callbackUrl?: string | null;
  /**
   * A signing secret distinct from the app secret, for platforms that have one (Kuaishou's
   * signSecret); absent or null elsewhere. Never sent to the web app, never logged.
   */
  signSecret?: string | null;
  /**
   * The app's service id on the platform's service market, for platforms whose consent page takes
   * it instead of the app key (Douyin's service_id); absent or null elsewhere. Not a secret.
   */
  serviceId?: string | null;
}

/** platformCode (e.g. 'CI_PLATFORM_TAOBAO', 'CI_PLATFORM_PDD', or 'QIMEN' for the Qimen router) → credentials or null. */
export type AppCredentialsLookup = (platformCode: string) => Promise<PlatformAppCredentials | null>;

/** TAOBAO for CI_PLATFORM_TAOBAO, QIMEN for QIMEN. */
export const appCredentialsKey = (platformCode: string): string => platformCode.replace(/^CI_PLATFORM_/, '').toUpperCase();

const envValue = (env: NodeJS.ProcessEnv, name: string): string | null => {
  const value = env[name]?.trim();
  return value ? value : null;
};

/** From environment variables OPENSELLER_CONNECTOR_<KEY>_APP_KEY / _APP_SECRET / _GATEWAY_URL / _AUTHORIZE_URL (/ _CALLBACK_URL / _SIGN_SECRET / _SERVICE_ID). */
export function envAppCredentials(env: NodeJS.ProcessEnv = process.env): AppCredentialsLookup {
  return async (platformCode) => {
    const prefix = `OPENSELLER_CONNECTOR_${appCredentialsKey(platformCode)}_`;
    const appKey = envValue(env, `${prefix}APP_KEY`);
    const appSecret = envValue(env, `${prefix}APP_SECRET`);
    if (!appKey || !appSecret) return null;
    return {
      appKey,
      appSecret,
      gatewayUrl: envValue(env, `${prefix}GATEWAY_URL`),
      authorizeUrl: envValue(env, `${prefix}AUTHORIZE_URL`),
      callbackUrl: envValue(env, `${prefix}CALLBACK_URL`),
      signSecret: envValue(env, `${prefix}SIGN_SECRET`),
      serviceId: envValue(env, `${prefix}SERVICE_ID`),
    };
  };
}

/** The page's entry (connector_apps) when saved, else the environment's. */
export function storedAppCredentials(db: Db, env: NodeJS.ProcessEnv = process.env): AppCredentialsLookup {
  const fromEnv = envAppCredentials(env);
  return async (platformCode) => {
    const [row] = await db
      .select()
      .from(connectorApps)
      .where(eq(connectorApps.platformKey, appCredentialsKey(platformCode)));
    if (row && row.appKey && row.appSecret) {
      return { appKey: row.appKey, appSecret: row.appSecret, gatewayUrl: row.gatewayUrl, authorizeUrl: row.authorizeUrl, callbackUrl: row.callbackUrl, signSecret: row.signSecret, serviceId: row.serviceId };
    }
    return fromEnv(platformCode);
  };
}

/** At most the last 4 characters of a secret, the rest as stars (short secrets show only stars). */
export function secretHint(secret: string | null | undefined): string | null {
  if (!secret) return null;
  return secret.length >= 12 ? `****${secret.slice(-4)}` : '****';
}

// An installation's app registration on each marketplace (app key, secret, gateway and consent
// page), looked up by platform code. Secrets are never sent to the web app and never logged.
// This version reads the environment only (shared contract of issue #18).

/** An installation's app registration on one platform (never sent to the web app, never logged). */
export interface PlatformAppCredentials {
  appKey: string;
  appSecret: string;
  /** The platform's API gateway; tests point it at the local fake. null = the platform's published default. */
  gatewayUrl: string | null;
  /** The platform's OAuth consent page; null = the published default. */
  authorizeUrl: string | null;
  /** The callback address registered with the platform; null/absent = the address of the site the seller uses. */
  callbackUrl?: string | null;
}

/** platformCode (e.g. 'CI_PLATFORM_TAOBAO', 'CI_PLATFORM_PDD', or 'QIMEN' for the Qimen router) → credentials or null. */
export type AppCredentialsLookup = (platformCode: string) => Promise<PlatformAppCredentials | null>;

/** The environment key of a platform code: the code without the CI_PLATFORM_ prefix, upper case. */
export const credentialsKeyOf = (platformCode: string) => platformCode.replace(/^CI_PLATFORM_/, '').toUpperCase();

/**
 * From environment variables OPENSELLER_CONNECTOR_<KEY>_APP_KEY / _APP_SECRET / _GATEWAY_URL / _AUTHORIZE_URL,
 * KEY = platform code without the CI_PLATFORM_ prefix (TAOBAO, PDD, JD, ...; QIMEN). Read at each lookup.
 */
export function envAppCredentials(env: NodeJS.ProcessEnv = process.env): AppCredentialsLookup {
  return async (platformCode) => {
    const prefix = `OPENSELLER_CONNECTOR_${credentialsKeyOf(platformCode)}_`;
    const appKey = env[`${prefix}APP_KEY`]?.trim();
    const appSecret = env[`${prefix}APP_SECRET`]?.trim();
    if (!appKey || !appSecret) return null;
    return {
      appKey,
      appSecret,
      gatewayUrl: env[`${prefix}GATEWAY_URL`]?.trim() || null,
      authorizeUrl: env[`${prefix}AUTHORIZE_URL`]?.trim() || null,
      callbackUrl: env[`${prefix}CALLBACK_URL`]?.trim() || null,
    };
  };
}

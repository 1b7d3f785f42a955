// The installation's app registrations on the marketplaces (app key and secret, and where the
// platform's gateway and consent page are). Connectors take them only through an
// AppCredentialsLookup, so they can come from the environment (this file) or from storage. A
// secret is never sent to the web app and never logged.

/** An installation's app registration on one platform (never sent to the web app, never logged). */
export interface PlatformAppCredentials {
  appKey: string;
  appSecret: string;
  /** The platform's API gateway; tests point it at the local fake. null = the platform's published default. */
  gatewayUrl: string | null;
  /** The platform's OAuth consent page; null = the published default. */
  authorizeUrl: string | null;
}

/** platformCode (e.g. 'CI_PLATFORM_TAOBAO', 'CI_PLATFORM_PDD', or 'QIMEN' for the Qimen router) → credentials or null. */
export type AppCredentialsLookup = (platformCode: string) => Promise<PlatformAppCredentials | null>;

/** The environment key of a platform code: the code without the CI_PLATFORM_ prefix, upper case. */
export const credentialsKeyOf = (platformCode: string) => platformCode.replace(/^CI_PLATFORM_/, '').toUpperCase();

/**
 * From environment variables OPENSELLER_CONNECTOR_<KEY>_APP_KEY / _APP_SECRET / _GATEWAY_URL / _AUTHORIZE_URL,
 * KEY = platform code without the CI_PLATFORM_ prefix (TAOBAO, PDD, JD, ...; QIMEN). Read at each
 * lookup, so a changed environment is seen without a restart. Key and secret are both needed.
 */
export function envAppCredentials(env: NodeJS.ProcessEnv = process.env): AppCredentialsLookup {
  return async (platformCode) => {
    const prefix = `OPENSELLER_CONNECTOR_${credentialsKeyOf(platformCode)}_`;
    const read = (name: string) => {
      const value = env[prefix + name]?.trim();
      return value ? value : null;
    };
    const appKey = read('APP_KEY');
    const appSecret = read('APP_SECRET');
    if (!appKey || !appSecret) return null;
    return { appKey, appSecret, gatewayUrl: read('GATEWAY_URL'), authorizeUrl: read('AUTHORIZE_URL') };
  };
}

// The installation's app registrations on the platforms (app key, secret, gateway), the shared
// contract of the real connectors (issue #18). This version reads them from the environment only;
// the stores area's admin page may add a stored source behind the same lookup. Secrets are never
// sent to the web app and never logged.

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

/** The environment key of a platform code: CI_PLATFORM_TAOBAO → TAOBAO, QIMEN → QIMEN. */
export const credentialsKeyOf = (platformCode: string) =>
  platformCode
    .replace(/^CI_PLATFORM_/, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '_');

/**
 * From environment variables OPENSELLER_CONNECTOR_<KEY>_APP_KEY / _APP_SECRET / _GATEWAY_URL / _AUTHORIZE_URL,
 * KEY = platform code without the CI_PLATFORM_ prefix (TAOBAO, PDD, JD, ...; QIMEN). Read at each
 * lookup, so a changed environment applies without a restart of the connectors.
 */
export function envAppCredentials(env: NodeJS.ProcessEnv = process.env): AppCredentialsLookup {
  return async (platformCode) => {
    const prefix = `OPENSELLER_CONNECTOR_${credentialsKeyOf(platformCode)}_`;
    const value = (name: string) => {
      const v = env[prefix + name]?.trim();
      return v ? v : null;
    };
    const appKey = value('APP_KEY');
    const appSecret = value('APP_SECRET');
    if (!appKey || !appSecret) return null;
    return { appKey, appSecret, gatewayUrl: value('GATEWAY_URL'), authorizeUrl: value('AUTHORIZE_URL') };
  };
}

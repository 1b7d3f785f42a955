// The installation's app registrations on the marketplaces (root, /system/connectorApps): saved in
// connector_apps with the secret encrypted (platform/secret-box.ts), listed with the environment's
// (OPENSELLER_CONNECTOR_<KEY>_*) where the page has none. The secret never leaves the server:
// rows say "set" and show at most its last 4 characters; the admin log records that it changed,
// never its value.
import { eq } from 'drizzle-orm';
import { CONNECTOR_APP_KEYS, ConnectorAppErrors, ErrorCodes, type ConnectorAppRow, type ConnectorAppSave } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { connectorApps } from '../../db/schema/index.js';
import { envAppCredentials, secretHint } from '../../connectors/app-credentials.js';
import { AppError } from '../../platform/errors.js';
import type { Session } from '../../platform/sessions.js';
import { writeAdminLog } from './jobs.service.js';

type Saved = typeof connectorApps.$inferSelect;

export function createConnectorAppsService(deps: { database: Database; env?: NodeJS.ProcessEnv; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const fromEnv = envAppCredentials(deps.env ?? process.env);

  const describe = (saved: Saved) => ({
    appKey: saved.appKey,
    secretSet: !!saved.appSecret,
    signSecretSet: !!saved.signSecret,
    serviceId: saved.serviceId,
    gatewayUrl: saved.gatewayUrl,
    authorizeUrl: saved.authorizeUrl,
    callbackUrl: saved.callbackUrl,
  });

  async function row(platformKey: string, saved: Saved | undefined): Promise<ConnectorAppRow> {
    if (saved) {
      return {
        platformKey,
        source: 'PAGE',
        ...describe(saved),
        secretHint: secretHint(saved.appSecret),
        updatedAt: saved.updatedAt.toISOString(),
      };
    }
    const env = await fromEnv(platformKey);
    return {
      platformKey,
      source: env ? 'ENV' : null,
      appKey: env?.appKey ?? null,
      secretSet: !!env,
      secretHint: secretHint(env?.appSecret),
      signSecretSet: !!env?.signSecret,
      serviceId: env?.serviceId ?? null,
      gatewayUrl: env?.gatewayUrl ?? null,
      authorizeUrl: env?.authorizeUrl ?? null,
      callbackUrl: env?.callbackUrl ?? null,
      updatedAt: null,
    };
  }

  return {
    async list(): Promise<ConnectorAppRow[]> {
      const saved = new Map((await db.select().from(connectorApps)).map((r) => [r.platformKey, r]));
      return Promise.all(CONNECTOR_APP_KEYS.map((key) => row(key, saved.get(key))));
    },

    async save(session: Session, input: ConnectorAppSave): Promise<ConnectorAppRow> {
      const saved = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(connectorApps).where(eq(connectorApps.platformKey, input.platformKey)).for('update');
        const secret = input.appSecret ?? before?.appSecret ?? null;
        if (!secret) throw new AppError(ConnectorAppErrors.SECRET_REQUIRED, 400, { field: 'appSecret', detail: 'appSecret: the first save needs the app secret' });
        const values = {
          appKey: input.appKey,
          appSecret: secret,
          signSecret: input.signSecret ?? before?.signSecret ?? null,
          serviceId: input.serviceId ?? null,
          gatewayUrl: input.gatewayUrl ?? null,
          authorizeUrl: input.authorizeUrl ?? null,
          callbackUrl: input.callbackUrl ?? null,
          updatedBy: session.userId,
          updatedAt: now(),
        };
        const [after] = await tx
          .insert(connectorApps)
          .values({ platformKey: input.platformKey, ...values })
          .onConflictDoUpdate({ target: connectorApps.platformKey, set: values })
          .returning();
        await writeAdminLog(tx, session, {
          entityType: 'connectorApp',
          entityId: input.platformKey,
          action: before ? 'UPDATE' : 'CREATE',
          before: before ? describe(before) : null,
          after: {
            ...describe(after!),
            secretChanged: !!input.appSecret && input.appSecret !== before?.appSecret,
            signSecretChanged: !!input.signSecret && input.signSecret !== before?.signSecret,
          },
        });
        return after!;
      });
      return row(input.platformKey, saved);
    },

    async remove(session: Session, platformKey: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(connectorApps).where(eq(connectorApps.platformKey, platformKey)).returning();
        if (!before) throw new AppError(ErrorCodes.NOT_FOUND, 404, { field: 'platformKey', platformKey });
        await writeAdminLog(tx, session, { entityType: 'connectorApp', entityId: platformKey, action: 'DELETE', before: describe(before) });
      });
    },
  };
}

export type ConnectorAppsService = ReturnType<typeof createConnectorAppsService>;

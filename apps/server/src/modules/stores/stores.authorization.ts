// The authorization flow of a marketplace store: an authorization URL carrying a one-time state,
// the marketplace's consent page, the seller back on /#/authorization with code and state, the
// code exchanged for tokens, and refreshing the tokens later. The callback is public: the state
// (unguessable, single use, 15 minutes) is what ties it to the store and the person who asked.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { authorizationEndOf, ErrorCodes, StoreErrors, type AuthorizationCallbackInput, type AuthorizationResult, type AuthorizationStart, type StoreRow } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { storeAuthRequests, stores } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import { ConnectorError } from '../../connectors/marketplace/connector.js';
import type { ConnectorRegistry } from '../../connectors/marketplace/registry.js';
import { credentialsOf, type StoreConnections } from './store-connections.js';
import { findStore, lastSyncRuns, toStoreRow } from './stores.queries.js';
import { actorOf, domainOf } from './stores.service.js';

const STATE_TTL_MS = 15 * 60_000;
const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** Where the marketplace sends the seller back: the public page of the web app. */
export const authorizationRedirect = (origin: string) => `${origin}/#/authorization`;

export function createStoreAuthorization(deps: { database: Database; connectors: ConnectorRegistry; connections: StoreConnections; now: () => Date; callTimeoutMs: number }) {
  const { db } = deps.database;
  const { now } = deps;

  return {
    /** Starts an authorization: the URL of the marketplace's consent page for this store. */
    async start(session: Session, storeId: number, origin: string): Promise<AuthorizationStart> {
      const domainId = domainOf(session);
      const store = await findStore(db, domainId, storeId);
      if (!store) throw notFound('store');
      if (store.storeType !== 1) throw new AppError(StoreErrors.NOT_ONLINE, 400, { field: 'id', name: store.name });
      const connector = deps.connectors.forPlatform(store.platformCode);
      // A real marketplace needs the installation's app registration: say so before sending the seller off.
      const app = connector.appStatus ? await connector.appStatus() : null;
      if (app && !app.configured) {
        throw new ConnectorError('NO_APP_CREDENTIALS', `no app credentials for ${store.platformCode} in this installation`, null, { platformCode: store.platformCode });
      }
      const state = randomBytes(24).toString('base64url');
      // The callback registered with the platform when the operator set one, else this site's page.
      const redirectUri = app?.callbackUrl || authorizationRedirect(origin);
      const expiresAt = new Date(now().getTime() + STATE_TTL_MS);
      await db.insert(storeAuthRequests).values({
        domainId,
        storeId,
        stateHash: hash(state),
        redirectUri,
        requestedBy: session.userId,
        requestedByName: session.loginName,
        expiresAt,
        createdAt: now(),
      });
      const authorizationUrl = await connector.authorizationUrl({ store: credentialsOf(store), state, redirectUri });
      return { authorizationUrl, expiresAt: expiresAt.toISOString() };
    },

    /** The seller is back from the marketplace with a code (or a refusal) and the state. */
    async callback(input: AuthorizationCallbackInput): Promise<AuthorizationResult> {
      // The state is spent whatever happens next: a code is good once, and so is the state.
      const request = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(storeAuthRequests).where(eq(storeAuthRequests.stateHash, hash(input.state))).for('update');
        if (!row || row.usedAt || row.expiresAt.getTime() <= now().getTime()) throw new AppError(StoreErrors.AUTH_STATE_INVALID, 400, { field: 'state' });
        await tx.update(storeAuthRequests).set({ usedAt: now() }).where(and(eq(storeAuthRequests.domainId, row.domainId), eq(storeAuthRequests.id, row.id)));
        return row;
      });
      const store = await findStore(db, request.domainId, request.storeId);
      if (!store) throw notFound('store');
      const actor = { userId: request.requestedBy, loginName: request.requestedByName, domainId: request.domainId };
      if (input.error) {
        await db.transaction((tx) =>
          writeOperationLog(tx, actor, { area: 'stores', entityType: 'store', entityId: store.id, action: 'AUTHORIZE_DENIED', after: { error: input.error } }),
        );
        throw new AppError(StoreErrors.AUTH_DENIED, 400, { name: store.name, error: input.error });
      }
      if (!input.code) throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'code: the marketplace sent no authorization code', field: 'code' });
      const connector = deps.connectors.forPlatform(store.platformCode);
      const grant = await connector.exchangeCode({ store: credentialsOf(store), code: input.code, redirectUri: request.redirectUri }, { timeoutMs: deps.callTimeoutMs });
      if (store.platformShopId && store.platformShopId !== grant.shopId) {
        throw new ConnectorError('AUTH_FAILED', `the marketplace authorized shop ${grant.shopId}, but this store is shop ${store.platformShopId}`);
      }
      // A marketplace whose messages the app fetches (Taobao's TMC) opens them for the seller now.
      // Best effort: a refusal does not undo the authorisation (the scheduled pull still brings the
      // orders); it is in the AUTHORIZE record, and authorising again tries again.
      let messages: string | undefined;
      if (connector.subscribeMessages) {
        try {
          await connector.subscribeMessages({ ...credentialsOf(store), platformShopId: grant.shopId, accessToken: grant.accessToken, refreshToken: grant.refreshToken, tokenExpiresAt: grant.expiresAt }, { timeoutMs: deps.callTimeoutMs });
          messages = 'SUBSCRIBED';
        } catch (error) {
          messages = `NOT_SUBSCRIBED: ${error instanceof ConnectorError ? `${error.kind} ${error.detail}` : String((error as Error)?.message ?? error)}`.slice(0, 500);
        }
      }
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(stores)
          .set({
            accessToken: grant.accessToken,
            refreshToken: grant.refreshToken,
            tokenExpiresAt: grant.expiresAt,
            authorizationExpiresAt: grant.authorizationExpiresAt ?? null,
            platformShopId: grant.shopId,
            authStatus: 'AUTHORIZED',
            authorizedAt: now(),
            version: sql`${stores.version} + 1`,
            updatedAt: now(),
          })
          .where(and(eq(stores.domainId, store.domainId), eq(stores.id, store.id)))
          .returning();
        if (!row) throw notFound('store');
        await writeOperationLog(tx, actor, {
          area: 'stores',
          entityType: 'store',
          entityId: store.id,
          action: 'AUTHORIZE',
          before: { authStatus: store.authStatus, tokenExpiresAt: store.tokenExpiresAt?.toISOString() ?? null, authorizationExpiresAt: store.authorizationExpiresAt?.toISOString() ?? null },
          after: {
            authStatus: row.authStatus,
            tokenExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
            authorizationExpiresAt: row.authorizationExpiresAt?.toISOString() ?? null,
            platformShopId: row.platformShopId,
            ...(messages ? { messages } : {}),
          },
        });
        return row;
      });
      return { storeId: updated.id, storeName: updated.name, platformCode: updated.platformCode, tokenExpiresAt: authorizationEndOf(updated)?.toISOString() ?? null };
    },

    /** Refresh the store's tokens now (the store list's action). */
    async refresh(session: Session, storeId: number): Promise<StoreRow> {
      const domainId = domainOf(session);
      const store = await findStore(db, domainId, storeId);
      if (!store) throw notFound('store');
      if (store.storeType !== 1) throw new AppError(StoreErrors.NOT_ONLINE, 400, { field: 'id', name: store.name });
      if (store.authStatus === 'NONE') throw new AppError(StoreErrors.NOT_AUTHORIZED, 409, { name: store.name });
      const updated = await deps.connections.refresh(domainId, storeId, { actor: actorOf(session) });
      const runs = await lastSyncRuns(db, domainId, [storeId]);
      return toStoreRow(updated, now(), runs.get(storeId));
    },
  };
}

export type StoreAuthorization = ReturnType<typeof createStoreAuthorization>;

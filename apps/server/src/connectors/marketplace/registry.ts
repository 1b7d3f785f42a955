// Connectors by platform code. Only the sandbox ships with this build: the real marketplaces'
// connectors are separate (they need the marketplace's app keys and network access), so for
// their codes the registry answers a clear NOT_IN_BUILD instead of pretending.
import { findPlatform, StoreErrors } from '@openseller/core';
import { AppError } from '../../platform/errors.js';
import { ConnectorError, type MarketplaceConnector } from './connector.js';

export interface ConnectorRegistry {
  register(connector: MarketplaceConnector): void;
  /** The connector of a platform, or a ConnectorError saying why there is none. */
  forPlatform(platformCode: string): MarketplaceConnector;
  /** Whether this build can talk to the platform. */
  has(platformCode: string): boolean;
}

export function createConnectorRegistry(connectors: MarketplaceConnector[] = []): ConnectorRegistry {
  const byCode = new Map<string, MarketplaceConnector>();
  const registry: ConnectorRegistry = {
    register(connector) {
      byCode.set(connector.platformCode, connector);
    },
    forPlatform(platformCode) {
      const platform = findPlatform(platformCode);
      if (!platform) throw new AppError(StoreErrors.UNKNOWN_PLATFORM, 400, { field: 'platformCode', platformCode });
      if (platform.kind === 'offline' || platform.kind === 'selfDefined') {
        throw new ConnectorError('NO_CONNECTOR', `${platformCode} stores have no marketplace connector`, null, { platformCode });
      }
      const connector = byCode.get(platformCode);
      if (!connector) throw new ConnectorError('NOT_IN_BUILD', `the ${platformCode} connector is not part of this build`, null, { platformCode });
      return connector;
    },
    has(platformCode) {
      return byCode.has(platformCode);
    },
  };
  for (const c of connectors) registry.register(c);
  return registry;
}

// Carrier connectors by account: the sandbox carrier serves sandbox accounts; a real carrier's
// connector is not part of this build, so each of its calls says so instead of pretending.
import type { Db } from '../../db/client.js';
import { createSandboxCarrier } from './sandbox/sandbox-carrier.js';
import { CarrierConnectorError, type CarrierConnector, type CarrierRegistry } from './types.js';

export function notInBuildCarrier(code: string): CarrierConnector {
  const refuse = async (): Promise<never> => {
    throw new CarrierConnectorError('NOT_IN_BUILD', `the ${code} carrier's connector is not part of this build`);
  };
  return { system: code, takeWaybillNumbers: refuse, cancelWaybillNumber: refuse, queryTracking: refuse };
}

export function createCarrierRegistry(deps: { db: Db; now?: () => Date }): CarrierRegistry & { sandbox: ReturnType<typeof createSandboxCarrier> } {
  const sandbox = createSandboxCarrier(deps);
  return {
    sandbox,
    connectorFor: (account) => (account.sandbox ? sandbox : notInBuildCarrier(account.expressCompanyCode)),
  };
}

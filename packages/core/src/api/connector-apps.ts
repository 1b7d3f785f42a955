// The root account's app registrations on the marketplaces (chosen paths, apps/server/src/modules/admin/README.md).
import { ConnectorAppKeyInput, ConnectorAppRow, ConnectorAppSaveInput } from '../contracts/connector-apps.js';
import { NoAnswer, post, voListOf } from './define.js';

export const ConnectorAppCalls = {
  list: post('/cloud/admin/connectorApp/list', 'root', undefined, voListOf(ConnectorAppRow)),
  save: post('/cloud/admin/connectorApp/save', 'root', ConnectorAppSaveInput, ConnectorAppRow),
  remove: post('/cloud/admin/connectorApp/remove', 'root', ConnectorAppKeyInput, NoAnswer),
} as const;

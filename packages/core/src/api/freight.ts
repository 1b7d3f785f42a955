// Freight templates and express reconciliation (spec 02 §7.12, paths of 03-calls.md), and the
// calls the spec does not name (paths chosen under the same prefixes, listed in
// apps/server/src/modules/freight/README.md).
import { z } from 'zod';
import {
  CheckExpressReconciliationInput,
  CheckFreightTemplateInput,
  CheckResult,
  EnableInput,
  ExpressBillLineRow,
  ExpressBillLineSearchInput,
  ExpressBillSummaryInput,
  ExpressBillSummaryRow,
  ExpressReconciliationInput,
  ExpressReconciliationRow,
  ExpressReconciliationSearchInput,
  FreightTemplateInput,
  FreightTemplateRow,
  FreightTemplateSearchInput,
  IdListDeleteInput,
  ParcelCostRow,
  ParcelCostSearchInput,
  SaveWhExpressInput,
  UpdateExpressReconciliationInput,
  UpdateFreightTemplateInput,
  WhExpressWarehouseRow,
} from '../contracts/freight.js';
import { pageOf, post } from './define.js';

export const FREIGHT_TEMPLATE_ACCESS = { menu: 'MENU_FREIGHT_TEMPLATE' } as const;
export const EXPRESS_RECONCILIATION_ACCESS = { menu: 'MENU_EXPRESS_RECONCILIATION' } as const;
export const WH_EXPRESS_ACCESS = { menu: 'MENU_WH_EXPRESS' } as const;

const FT = '/cloud/core/freightTemplate';
const ER = '/cloud/core/expressReconciliation';

export const FreightTemplateCalls = {
  search: post(`${FT}/search`, FREIGHT_TEMPLATE_ACCESS, FreightTemplateSearchInput, pageOf(FreightTemplateRow)),
  check: post(`${FT}/check`, FREIGHT_TEMPLATE_ACCESS, CheckFreightTemplateInput, CheckResult),
  create: post(`${FT}/create`, FREIGHT_TEMPLATE_ACCESS, FreightTemplateInput, FreightTemplateRow),
  update: post(`${FT}/update`, FREIGHT_TEMPLATE_ACCESS, UpdateFreightTemplateInput, FreightTemplateRow),
  delete: post(`${FT}/delete`, FREIGHT_TEMPLATE_ACCESS, IdListDeleteInput, z.object({ deleted: z.number() })),
  enable: post(`${FT}/enable`, FREIGHT_TEMPLATE_ACCESS, EnableInput, FreightTemplateRow),
  /** Not in the spec: shipped parcels priced by the template version active when they shipped. */
  parcelCosts: post(`${FT}/parcelCosts`, { menu: ['MENU_FREIGHT_TEMPLATE', 'MENU_EXPRESS_RECONCILIATION'] }, ParcelCostSearchInput, pageOf(ParcelCostRow)),
};

export const ExpressReconciliationCalls = {
  search: post(`${ER}/search`, EXPRESS_RECONCILIATION_ACCESS, ExpressReconciliationSearchInput, pageOf(ExpressReconciliationRow)),
  check: post(`${ER}/check`, EXPRESS_RECONCILIATION_ACCESS, CheckExpressReconciliationInput, CheckResult),
  create: post(`${ER}/create`, EXPRESS_RECONCILIATION_ACCESS, ExpressReconciliationInput, ExpressReconciliationRow),
  update: post(`${ER}/update`, EXPRESS_RECONCILIATION_ACCESS, UpdateExpressReconciliationInput, ExpressReconciliationRow),
  delete: post(`${ER}/delete`, EXPRESS_RECONCILIATION_ACCESS, IdListDeleteInput, z.object({ deleted: z.number() })),
  enable: post(`${ER}/enable`, EXPRESS_RECONCILIATION_ACCESS, EnableInput, ExpressReconciliationRow),
  /** Not in the spec: the imported bill lines and how they compare. */
  billLines: post(`${ER}/billLines`, EXPRESS_RECONCILIATION_ACCESS, ExpressBillLineSearchInput, pageOf(ExpressBillLineRow)),
  /** Not in the spec: per month and courier, the lines, the failures and the over-charge total. */
  billSummary: post(`${ER}/billSummary`, EXPRESS_RECONCILIATION_ACCESS, ExpressBillSummaryInput, z.array(ExpressBillSummaryRow)),
  /** Not in the spec: matches the domain's lines again (parcels shipped or templates changed since). */
  rematch: post(`${ER}/rematch`, EXPRESS_RECONCILIATION_ACCESS, undefined, z.object({ lines: z.number(), matched: z.number(), failures: z.number() })),
};

export const WhExpressCalls = {
  search: post('/cloud/core/whExpress/search', WH_EXPRESS_ACCESS, undefined, z.array(WhExpressWarehouseRow)),
  save: post('/cloud/core/whExpress/save', WH_EXPRESS_ACCESS, SaveWhExpressInput, WhExpressWarehouseRow),
};

export const FREIGHT_CALL_MAPS = { freightTemplates: FreightTemplateCalls, expressReconciliations: ExpressReconciliationCalls, whExpress: WhExpressCalls };

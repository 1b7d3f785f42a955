// Server wording of the freight area's codes.
import { FreightErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerFreightMessages(): void {
  registerServerMessages({
    zh: {
      [FreightErrors.AREA_OVERLAP]: (p) => `区域重复：${p.detail ?? ''}`,
      [FreightErrors.RECONCILIATION_CARRIER_TAKEN]: (p) => `该快递公司已有账单模板${p.detail ? `：${p.detail}` : ''}`,
      [FreightErrors.RECONCILIATION_DISABLED]: (p) => `账单模板「${p.name}」已停用，请先启用`,
      [FreightErrors.ACCOUNT_CARRIER_MISMATCH]: (p) => `电子面单账号「${p.account}」不属于快递公司 ${p.code}`,
      [FreightErrors.NOT_THIRD_PARTY_WAREHOUSE]: (p) => `仓库「${p.name}」是自有仓，只有第三方仓需要设置快递`,
    },
    en: {
      [FreightErrors.AREA_OVERLAP]: (p) => `Overlapping area: ${p.detail ?? ''}`,
      [FreightErrors.RECONCILIATION_CARRIER_TAKEN]: (p) => `This carrier already has a bill template${p.detail ? `: ${p.detail}` : ''}`,
      [FreightErrors.RECONCILIATION_DISABLED]: (p) => `The bill template "${p.name}" is disabled; enable it first`,
      [FreightErrors.ACCOUNT_CARRIER_MISMATCH]: (p) => `The waybill account "${p.account}" is not an account of ${p.code}`,
      [FreightErrors.NOT_THIRD_PARTY_WAREHOUSE]: (p) => `The warehouse "${p.name}" is your own; only third-party warehouses get an express setup`,
    },
    nouns: {
      freightTemplate: { zh: '运费模板', en: 'The freight template' },
      expressReconciliation: { zh: '账单模板', en: 'The bill template' },
      waybillAccount: { zh: '电子面单账号', en: 'The waybill account' },
    },
  });
}

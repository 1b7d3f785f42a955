// Server wording of the reconciliation area's codes.
import { ReconciliationErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerReconciliationMessages(): void {
  registerServerMessages({
    zh: {
      [ReconciliationErrors.UNKNOWN_FORMAT]: (p) => `无法识别的账单文件格式（${p.detail ?? ''}），请上传支付宝业务明细/账务明细、淘宝/天猫账单导出、抖店结算明细或资金流水、快手账单或拼多多账单明细`,
      [ReconciliationErrors.UNKNOWN_ENCODING]: (p) => `账单文件编码无法识别（${p.detail ?? ''}），请上传 UTF-8 或 GBK 编码的 CSV 文件`,
      [ReconciliationErrors.STORE_NOT_FOUND]: '店铺不存在',
      [ReconciliationErrors.NOT_FOUND]: '对账记录不存在',
      [ReconciliationErrors.WRONG_STATUS]: (p) => `订单 ${p.orderNo} 当前对账状态不能执行此操作`,
      [ReconciliationErrors.NO_BILL_PULL]: '该店铺的平台暂不支持拉取结算账单，请导入账单文件',
      [ReconciliationErrors.BAD_WINDOW]: (p) => `一次最多拉取 ${p.days} 天的账单`,
      [ReconciliationErrors.BILL_NOT_FOUND]: (p) => `账单明细 ${p.id} 不存在`,
      [ReconciliationErrors.IMPORT_NOT_FOUND]: (p) => `账单导入任务 ${p.id} 不存在`,
      [ReconciliationErrors.FILE_TOO_LARGE]: (p) => `账单文件不能超过 ${p.maxMb} MB`,
    },
    en: {
      [ReconciliationErrors.UNKNOWN_FORMAT]: (p) => `Not a bill file this app reads (${p.detail ?? ''}): upload an Alipay business or account detail, a Tmall/Taobao bill export, a Douyin settlement detail or fund flow, a Kuaishou bill or a Pinduoduo bill detail`,
      [ReconciliationErrors.UNKNOWN_ENCODING]: (p) => `The bill file's text encoding is not recognised (${p.detail ?? ''}): upload a CSV file in UTF-8 or GBK`,
      [ReconciliationErrors.STORE_NOT_FOUND]: 'The store does not exist',
      [ReconciliationErrors.NOT_FOUND]: 'The reconciliation does not exist',
      [ReconciliationErrors.WRONG_STATUS]: (p) => `The order ${p.orderNo} cannot do this in its reconciliation state`,
      [ReconciliationErrors.NO_BILL_PULL]: "The store's marketplace gives no settlement bills through this app: import a bill file",
      [ReconciliationErrors.BAD_WINDOW]: (p) => `One pull covers at most ${p.days} days`,
      [ReconciliationErrors.BILL_NOT_FOUND]: (p) => `The bill line ${p.id} does not exist`,
      [ReconciliationErrors.IMPORT_NOT_FOUND]: (p) => `The bill import ${p.id} does not exist`,
      [ReconciliationErrors.FILE_TOO_LARGE]: (p) => `A bill file may be at most ${p.maxMb} MB`,
    },
  });
}

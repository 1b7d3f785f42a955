// Server wording of the finance area's codes.
import { FinanceErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerFinanceMessages(): void {
  registerServerMessages({
    zh: {
      [FinanceErrors.PAYABLE_WRONG_STATUS]: (p) => `应付单 ${p.code} 当前状态不能执行此操作`,
      [FinanceErrors.PAYMENT_WRONG_STATUS]: (p) => `付款单 ${p.code} 当前状态不能执行此操作`,
      [FinanceErrors.SUPPLIER_NOT_FOUND]: '供应商不存在',
      [FinanceErrors.BILL_NOT_FOUND]: (p) => `账单明细 ${p.billDetailId} 不存在`,
      [FinanceErrors.BILL_RECORDED]: (p) => `账单明细已记入应付单 ${p.payableCode}`,
      [FinanceErrors.BILLS_OF_SUPPLIERS]: (p) => `采购单 ${p.purchaseCode} 属于另一个供应商，一张应付单只能记一个供应商的账单`,
      [FinanceErrors.SKU_NOT_FOUND]: (p) => `商品 ${p.skuCode} 不存在`,
      [FinanceErrors.THREE_WAY_MISMATCH]: (p) => `应付单 ${p.code} 第 ${p.lines} 行的数量×单价与入库和采购单不一致`,
      [FinanceErrors.PRICE_HIDDEN]: '您没有采购价字段权限，不能设置单价',
      [FinanceErrors.WRONG_PAYABLE_TYPE]: (p) => `应付单 ${p.code} 不是这种应付类型`,
      [FinanceErrors.PAYABLE_IN_PAYMENT]: (p) => `应付单 ${p.code} 已有付款单，请先作废付款单`,
      [FinanceErrors.PAYABLE_NOT_PAYABLE]: (p) => `应付单 ${p.code} 不是该供应商已审核的未付应付单`,
      [FinanceErrors.OVER_ALLOCATION]: (p) => `应付单 ${p.code} 未付金额为 ${p.outstanding}，本次付款 ${p.amount} 超出`,
      [FinanceErrors.PREPAID_NOT_FOUND]: '预付款单不存在或未审核',
      [FinanceErrors.PREPAID_BALANCE]: (p) => `预付款单 ${p.code} 余额为 ${p.remaining}，不能抵扣 ${p.amount}`,
      [FinanceErrors.NEGATIVE_PAYMENT]: (p) => `抵扣金额 ${p.deducted} 超过付款金额 ${p.amountPaid}`,
      [FinanceErrors.PREPAID_USED]: (p) => `预付款单 ${p.code} 已被抵扣，不能作废或删除`,
    },
    en: {
      [FinanceErrors.PAYABLE_WRONG_STATUS]: (p) => `The payable ${p.code} cannot do this in its current state`,
      [FinanceErrors.PAYMENT_WRONG_STATUS]: (p) => `The payment ${p.code} cannot do this in its current state`,
      [FinanceErrors.SUPPLIER_NOT_FOUND]: 'The supplier does not exist',
      [FinanceErrors.BILL_NOT_FOUND]: (p) => `The bill line ${p.billDetailId} does not exist`,
      [FinanceErrors.BILL_RECORDED]: (p) => `The bill line is already on the payable ${p.payableCode}`,
      [FinanceErrors.BILLS_OF_SUPPLIERS]: (p) => `The purchase order ${p.purchaseCode} is another supplier's; one payable records one supplier's bills`,
      [FinanceErrors.SKU_NOT_FOUND]: (p) => `The SKU ${p.skuCode} does not exist`,
      [FinanceErrors.THREE_WAY_MISMATCH]: (p) => `On the payable ${p.code}, line(s) ${p.lines}: quantity × price does not match the receipt and the purchase order`,
      [FinanceErrors.PRICE_HIDDEN]: 'You may not see purchase prices, so you cannot set them',
      [FinanceErrors.WRONG_PAYABLE_TYPE]: (p) => `The payable ${p.code} is not of this payable type`,
      [FinanceErrors.PAYABLE_IN_PAYMENT]: (p) => `A payment names the payable ${p.code}; cancel the payment first`,
      [FinanceErrors.PAYABLE_NOT_PAYABLE]: (p) => `The payable ${p.code} is not a verified, unpaid payable of this supplier`,
      [FinanceErrors.OVER_ALLOCATION]: (p) => `The payable ${p.code} has ${p.outstanding} outstanding; ${p.amount} is more`,
      [FinanceErrors.PREPAID_NOT_FOUND]: 'The prepayment does not exist or is not verified',
      [FinanceErrors.PREPAID_BALANCE]: (p) => `The prepayment ${p.code} has ${p.remaining} left; ${p.amount} cannot be deducted`,
      [FinanceErrors.NEGATIVE_PAYMENT]: (p) => `The deductions ${p.deducted} are more than the payment ${p.amountPaid}`,
      [FinanceErrors.PREPAID_USED]: (p) => `The prepayment ${p.code} has been deducted from; it cannot be cancelled or deleted`,
    },
    nouns: {
      payable: { zh: '应付单', en: 'The payable' },
      payment: { zh: '付款单', en: 'The payment' },
    },
  });
}

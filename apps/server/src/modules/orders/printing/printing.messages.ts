// Server wording of the printing codes, in Chinese and English.
import { PrintErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

const FIELD_ZH: Record<string, string> = { receiverName: '收件人', receiverPhone: '收件人电话', receiverAddress: '收件地址', senderName: '寄件人', senderPhone: '寄件人电话', senderAddress: '寄件地址', orderCode: '订单号', platformNo: '平台单号', expressNo: '快递单号', expressCompany: '快递公司', routing: '大头笔', itemsSummary: '商品信息', buyerMessage: '买家留言', sellerRemark: '卖家备注', printTime: '打印时间' };

export function registerPrintingMessages(): void {
  registerServerMessages({
    zh: {
      [PrintErrors.SYSTEM_TEMPLATE]: '系统模板不能修改或删除',
      [PrintErrors.NAME_TAKEN]: '模板名称已存在',
      [PrintErrors.ELEMENT_OUTSIDE]: (p) => `${FIELD_ZH[String(p.element)] ?? p.element} 超出了面单范围`,
      [PrintErrors.NO_COURIER]: '订单没有快递公司，请先选择快递',
      [PrintErrors.NO_EXPRESS_NO]: '订单还没有快递单号，请先获取单号',
      [PrintErrors.STATUS]: '只有已审核的订单可以打印',
    },
    en: {
      [PrintErrors.SYSTEM_TEMPLATE]: 'System templates cannot be changed or deleted',
      [PrintErrors.NAME_TAKEN]: 'A template with this name exists',
      [PrintErrors.ELEMENT_OUTSIDE]: (p) => `The element ${p.element} lies outside the label`,
      [PrintErrors.NO_COURIER]: 'The order has no courier; choose a courier first',
      [PrintErrors.NO_EXPRESS_NO]: 'The order has no waybill number yet; take one first',
      [PrintErrors.STATUS]: 'Only reviewed orders can be printed',
    },
    nouns: {
      printTemplate: { zh: '打印模板', en: 'The print template' },
    },
  });
}

// Server wording of the printing codes, in Chinese and English.
import { PrintErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

const FIELD_ZH: Record<string, string> = { receiverName: '收件人', receiverPhone: '收件人电话', receiverAddress: '收件地址', senderName: '寄件人', senderPhone: '寄件人电话', senderAddress: '寄件地址', orderCode: '订单号', platformNo: '平台单号', expressNo: '快递单号', expressCompany: '快递公司', routing: '大头笔', itemsSummary: '商品信息', buyerMessage: '买家留言', sellerRemark: '卖家备注', printTime: '打印时间', packageNo: '包裹序号', insuredValue: '保价金额' };

export function registerPrintingMessages(): void {
  registerServerMessages({
    zh: {
      [PrintErrors.SYSTEM_TEMPLATE]: '系统模板不能修改或删除',
      [PrintErrors.NAME_TAKEN]: '模板名称已存在',
      [PrintErrors.ELEMENT_OUTSIDE]: (p) => `${FIELD_ZH[String(p.element)] ?? p.element} 超出了面单范围`,
      [PrintErrors.NO_COURIER]: '订单没有快递公司，请先选择快递',
      [PrintErrors.NO_EXPRESS_NO]: '订单还没有快递单号，请先获取单号',
      [PrintErrors.STATUS]: '只有已审核的订单可以打印',
      [PrintErrors.MULTI_PACKAGE]: (p) => `${p.carrier} 不支持一单多包裹，请改为 1 个包裹`,
      [PrintErrors.TEMPLATE_KIND]: (p) => (p.kind === 'PACKING_LIST' ? '这是发货单模板，不能用作面单模板' : '这是面单模板，请选择发货单模板'),
      [PrintErrors.SEND_STATUS]: '只有已审核、已下发或已发货的订单可以打印发货单',
      [PrintErrors.PLATFORM_NOT_IN_BUILD]: (p) => `${p.platform} 的打印服务未接入本系统`,
      [PrintErrors.TEMPLATE_TOKEN]: '模板链接无效或已过期，请重新获取',
    },
    en: {
      [PrintErrors.SYSTEM_TEMPLATE]: 'System templates cannot be changed or deleted',
      [PrintErrors.NAME_TAKEN]: 'A template with this name exists',
      [PrintErrors.ELEMENT_OUTSIDE]: (p) => `The element ${p.element} lies outside the label`,
      [PrintErrors.NO_COURIER]: 'The order has no courier; choose a courier first',
      [PrintErrors.NO_EXPRESS_NO]: 'The order has no waybill number yet; take one first',
      [PrintErrors.STATUS]: 'Only reviewed orders can be printed',
      [PrintErrors.MULTI_PACKAGE]: (p) => `${p.carrier} does not take several packages for one order; print 1 package`,
      [PrintErrors.TEMPLATE_KIND]: (p) => (p.kind === 'PACKING_LIST' ? 'This is a delivery-slip template, not a waybill template' : 'This is a waybill template; choose a delivery-slip template'),
      [PrintErrors.SEND_STATUS]: 'Delivery slips print for reviewed, issued or shipped orders only',
      [PrintErrors.PLATFORM_NOT_IN_BUILD]: (p) => `The print service of ${p.platform} is not part of this build`,
      [PrintErrors.TEMPLATE_TOKEN]: 'The template link is wrong or has expired; ask for a new one',
    },
    nouns: {
      printTemplate: { zh: '打印模板', en: 'The print template' },
    },
  });
}

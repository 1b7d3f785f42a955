// Server wording of the waybill codes, in Chinese and English.
import { WaybillErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

const FIELD_ZH: Record<string, string> = {
  shop: '店铺',
  branchName: '网点名称',
  customerCode: '客户编码',
  monthlyAccount: '月结账号',
  monthlyCardNumber: '月结卡号',
  username: '用户名',
  password: '密码',
  customerName: '客户名称',
  paymentType: '支付方式',
  productType: '产品类型',
  transportType: '运输方式',
  businessType: '业务类型',
};
const FIELD_EN: Record<string, string> = {
  shop: 'shop',
  branchName: 'branch name',
  customerCode: 'customer code',
  monthlyAccount: 'monthly account',
  monthlyCardNumber: 'monthly card number',
  username: 'username',
  password: 'password',
  customerName: 'customer name',
  paymentType: 'payment type',
  productType: 'product type',
  transportType: 'transport type',
  businessType: 'business type',
};

export function registerWaybillMessages(): void {
  registerServerMessages({
    zh: {
      [WaybillErrors.FIELD_REQUIRED]: (p) => `请填写${FIELD_ZH[String(p.field)] ?? p.field}`,
      [WaybillErrors.CARRIER_NOT_CHOSEN]: (p) => `快递公司 ${p.code} 不在本账号已选的快递公司中`,
      [WaybillErrors.NO_COURIER]: '订单没有快递公司',
      [WaybillErrors.NO_ACCOUNT]: (p) => `快递公司 ${p.expressCompanyCode} 没有可用的电子面单账号`,
      [WaybillErrors.CARRIER_FAILED]: (p) => `快递公司取号失败：${p.reason}`,
      [WaybillErrors.NUMBER_TAKEN]: (p) => `运单号 ${p.expressNo} 已被其他订单使用`,
      [WaybillErrors.NO_LAST_NO]: (p) => `快递公司 ${p.expressCompanyCode} 未设置起始单号`,
      [WaybillErrors.STATUS]: '只有已审核的订单可以取号',
    },
    en: {
      [WaybillErrors.FIELD_REQUIRED]: (p) => `Enter the ${FIELD_EN[String(p.field)] ?? p.field}`,
      [WaybillErrors.CARRIER_NOT_CHOSEN]: (p) => `The express company ${p.code} is not one of this account's express companies`,
      [WaybillErrors.NO_COURIER]: 'The order has no express company',
      [WaybillErrors.NO_ACCOUNT]: (p) => `No waybill account for the express company ${p.expressCompanyCode}`,
      [WaybillErrors.CARRIER_FAILED]: (p) => `The carrier gave no waybill number: ${p.reason}`,
      [WaybillErrors.NUMBER_TAKEN]: (p) => `The waybill number ${p.expressNo} belongs to another order`,
      [WaybillErrors.NO_LAST_NO]: (p) => `No last waybill number is set for ${p.expressCompanyCode}`,
      [WaybillErrors.STATUS]: 'Only reviewed orders get waybill numbers',
    },
    nouns: {
      waybillAccount: { zh: '电子面单账号', en: 'The waybill account' },
    },
  });
}

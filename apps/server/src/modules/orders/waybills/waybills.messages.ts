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
      [WaybillErrors.NO_COURIER]: '订单没有快递公司，请先选择快递',
      [WaybillErrors.NO_ACCOUNT]: (p) => `快递公司 ${p.expressCompanyCode} 没有可用的电子面单账号`,
      [WaybillErrors.CARRIER_FAILED]: (p) => `快递公司取号失败：${p.reason}`,
      [WaybillErrors.NUMBER_TAKEN]: (p) => `运单号 ${p.expressNo} 已被其他订单使用`,
      [WaybillErrors.NO_LAST_NO]: (p) => `快递公司 ${p.expressCompanyCode} 未设置起始单号`,
      [WaybillErrors.STATUS]: '只有已审核的订单可以取号',
      [WaybillErrors.SHARE_DOMAIN_UNKNOWN]: (p) => `没有编码为 ${p.domainCode} 的账号`,
      [WaybillErrors.SHARE_SELF]: '不能把电子面单账号共享给自己',
      [WaybillErrors.SHARE_EXISTS]: (p) => `该电子面单账号已共享给 ${p.domainCode}`,
      [WaybillErrors.SHARE_STOPPED]: (p) => `快递公司 ${p.expressCompanyCode} 的共享电子面单账号已停用`,
      [WaybillErrors.SHARE_USED_UP]: (p) => `快递公司 ${p.expressCompanyCode} 的共享电子面单数量已用完`,
      [WaybillErrors.SHARE_IN_USE]: (p) => `该共享已取过 ${p.usedNum} 个单号，不能删除，请停用`,
      [WaybillErrors.SHARE_COUNT_BELOW_USED]: (p) => `共享数量不能少于已使用的 ${p.usedNum} 个`,
    },
    en: {
      [WaybillErrors.FIELD_REQUIRED]: (p) => `Enter the ${FIELD_EN[String(p.field)] ?? p.field}`,
      [WaybillErrors.CARRIER_NOT_CHOSEN]: (p) => `The express company ${p.code} is not one of this account's express companies`,
      [WaybillErrors.NO_COURIER]: 'The order has no express company; choose a courier first',
      [WaybillErrors.NO_ACCOUNT]: (p) => `No waybill account for the express company ${p.expressCompanyCode}`,
      [WaybillErrors.CARRIER_FAILED]: (p) => `The carrier gave no waybill number: ${p.reason}`,
      [WaybillErrors.NUMBER_TAKEN]: (p) => `The waybill number ${p.expressNo} belongs to another order`,
      [WaybillErrors.NO_LAST_NO]: (p) => `No last waybill number is set for ${p.expressCompanyCode}`,
      [WaybillErrors.STATUS]: 'Only reviewed orders get waybill numbers',
      [WaybillErrors.SHARE_DOMAIN_UNKNOWN]: (p) => `No account has the domain code ${p.domainCode}`,
      [WaybillErrors.SHARE_SELF]: 'A waybill account is not shared to its own domain',
      [WaybillErrors.SHARE_EXISTS]: (p) => `The waybill account is already shared to ${p.domainCode}`,
      [WaybillErrors.SHARE_STOPPED]: (p) => `The shared waybill account for ${p.expressCompanyCode} is stopped`,
      [WaybillErrors.SHARE_USED_UP]: (p) => `The shared waybill count for ${p.expressCompanyCode} is used up`,
      [WaybillErrors.SHARE_IN_USE]: (p) => `${p.usedNum} numbers were taken through the share: stop it instead of deleting it`,
      [WaybillErrors.SHARE_COUNT_BELOW_USED]: (p) => `The count cannot be below the ${p.usedNum} numbers already taken through the share`,
    },
    nouns: {
      waybillAccount: { zh: '电子面单账号', en: 'The waybill account' },
      waybillShare: { zh: '电子面单共享', en: 'The waybill account share' },
    },
  });
}

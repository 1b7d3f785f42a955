// Server wording of the courier-rule codes, in Chinese and English.
import { CourierRuleErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

export function registerCourierRuleMessages(): void {
  registerServerMessages({
    zh: {
      [CourierRuleErrors.CARRIER_NOT_CHOSEN]: (p) => `快递公司 ${p.code} 不在本账号已选的快递公司中`,
      [CourierRuleErrors.STORE_UNKNOWN]: (p) => `店铺 ${p.storeId} 不存在`,
      [CourierRuleErrors.WEIGHT_RANGE]: '重量下限必须小于上限',
      [CourierRuleErrors.PROVINCE_UNKNOWN]: (p) => `省份 ${p.province} 不存在`,
      [CourierRuleErrors.PRIORITY_TYPES]: '优先级必须包含全部五种规则类型各一次',
      [CourierRuleErrors.TEMPLATE_NAME_TAKEN]: '停发模板名称已存在',
    },
    en: {
      [CourierRuleErrors.CARRIER_NOT_CHOSEN]: (p) => `The express company ${p.code} is not one of this account's express companies`,
      [CourierRuleErrors.STORE_UNKNOWN]: (p) => `Store ${p.storeId} does not exist`,
      [CourierRuleErrors.WEIGHT_RANGE]: 'The minimum weight must be below the maximum',
      [CourierRuleErrors.PROVINCE_UNKNOWN]: (p) => `Unknown province ${p.province}`,
      [CourierRuleErrors.PRIORITY_TYPES]: 'The priority must name each of the five rule types once',
      [CourierRuleErrors.TEMPLATE_NAME_TAKEN]: 'A stop-shipping template of this name already exists',
    },
    nouns: {
      expressRule: { zh: '快递规则', en: 'The express rule' },
      expressRulePriority: { zh: '快递规则优先级', en: 'The express rule priority' },
      expressStopTemplate: { zh: '停发模板', en: 'The stop-shipping template' },
    },
  });
}

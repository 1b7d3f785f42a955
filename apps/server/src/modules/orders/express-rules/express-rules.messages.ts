// Server wording of the express-rule codes, in Chinese and English.
import { ExpressRuleErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

export function registerExpressRuleMessages(): void {
  registerServerMessages({
    zh: {
      [ExpressRuleErrors.CARRIER_NOT_CHOSEN]: (p) => `快递公司 ${p.code} 不在本账号已选的快递公司中`,
      [ExpressRuleErrors.STORE_UNKNOWN]: (p) => `店铺 ${p.storeId} 不存在`,
      [ExpressRuleErrors.WEIGHT_RANGE]: '重量下限必须小于上限',
      [ExpressRuleErrors.PROVINCE_UNKNOWN]: (p) => `省份 ${p.province} 不存在`,
      [ExpressRuleErrors.PRIORITY_TYPES]: '优先级必须包含全部五种规则类型各一次',
      [ExpressRuleErrors.TEMPLATE_NAME_TAKEN]: '停发模板名称已存在',
    },
    en: {
      [ExpressRuleErrors.CARRIER_NOT_CHOSEN]: (p) => `The express company ${p.code} is not one of this account's express companies`,
      [ExpressRuleErrors.STORE_UNKNOWN]: (p) => `Store ${p.storeId} does not exist`,
      [ExpressRuleErrors.WEIGHT_RANGE]: 'The minimum weight must be below the maximum',
      [ExpressRuleErrors.PROVINCE_UNKNOWN]: (p) => `Unknown province ${p.province}`,
      [ExpressRuleErrors.PRIORITY_TYPES]: 'The priority must name each of the five rule types once',
      [ExpressRuleErrors.TEMPLATE_NAME_TAKEN]: 'A stop-shipping template of this name already exists',
    },
    nouns: {
      expressRule: { zh: '快递规则', en: 'The express rule' },
      expressRulePriority: { zh: '快递规则优先级', en: 'The express rule priority' },
      expressStopTemplate: { zh: '停发模板', en: 'The stop-shipping template' },
    },
  });
}

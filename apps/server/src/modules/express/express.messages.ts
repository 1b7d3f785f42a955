// Server wording of the express area's codes.
import { ExpressErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerExpressMessages(): void {
  registerServerMessages({
    zh: {
      [ExpressErrors.ALREADY_CHOSEN]: (p) => `快递公司 ${p.name ?? p.code} 已添加`,
      [ExpressErrors.IN_USE]: (p) => `快递公司 ${p.code} 仍被 ${p.count} 个${p.reason}使用，不能移除`,
    },
    en: {
      [ExpressErrors.ALREADY_CHOSEN]: (p) => `The express company ${p.name ?? p.code} is already on your list`,
      [ExpressErrors.IN_USE]: (p) => `The express company ${p.code} is still used by ${p.count} ${p.reason}; it cannot be removed`,
    },
    nouns: { expressCompany: { zh: '快递公司', en: 'The express company' } },
  });
}

// Orders area, part "reveal" (issue 21 must-have 3): receivers in full behind the reveal
// permission, every reveal and refusal logged. See reveal.service.ts.
import { OrderRevealCalls, OrderRevealErrors } from '@openseller/core';
import type { ModuleContext } from '../../../platform/module.js';
import { registerServerMessages } from '../../../platform/messages.js';
import { createRevealService } from './reveal.service.js';

export { canRevealReceivers, logReveals } from './reveal.service.js';

export function registerOrderReveal(ctx: ModuleContext): void {
  registerServerMessages({
    zh: {
      [OrderRevealErrors.FORBIDDEN]: () => '您没有查看收件人完整信息的权限，请联系主账号授权（本次查看已记录）',
      [OrderRevealErrors.PRINT_STATUS]: (p) => `订单 ${p.code} 未审核，不能为打印查看收件人`,
    },
    en: {
      [OrderRevealErrors.FORBIDDEN]: () => 'You may not see receivers in full; ask the main account to grant it (this attempt was logged)',
      [OrderRevealErrors.PRINT_STATUS]: (p) => `Order ${p.code} is not reviewed, so its receiver is not revealed for printing`,
    },
  });
  const service = createRevealService({ database: ctx.database });
  ctx.http.serve(ctx.app, OrderRevealCalls, {
    prepareDecrypt: (c) => service.prepare(c.session, c.input),
    decrypt: (c) => service.decrypt(c.session, c.input),
    verifyForPrint: (c) => service.forPrint(c.session, c.input),
  });
}

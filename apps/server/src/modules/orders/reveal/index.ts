// Orders area, part "reveal" (issue 21 must-have 3): receivers in full behind the reveal
// permission, every reveal and refusal logged. See reveal.service.ts.
import { OrderRevealCalls, OrderRevealErrors } from '@openseller/core';
import type { ModuleContext } from '../../../platform/module.js';
import { registerServerMessages } from '../../../platform/messages.js';
import type { StoresAreaService } from '../../stores/index.js';
import { createRevealService } from './reveal.service.js';

export { canRevealReceivers, logReveals } from './reveal.service.js';

export function registerOrderReveal(ctx: ModuleContext): void {
  registerServerMessages({
    zh: {
      [OrderRevealErrors.FORBIDDEN]: () => '您没有查看收件人完整信息的权限，请联系主账号授权（本次查看已记录）',
      [OrderRevealErrors.PRINT_STATUS]: (p) => `订单 ${p.code} 未审核，不能为打印查看收件人`,
      [OrderRevealErrors.PLATFORM_DECRYPT]: (p) => `店铺「${p.store}」的平台暂时未能解密订单 ${p.platformNo} 的收件人（${p.detail}），请稍后再试`,
    },
    en: {
      [OrderRevealErrors.FORBIDDEN]: () => 'You may not see receivers in full; ask the main account to grant it (this attempt was logged)',
      [OrderRevealErrors.PRINT_STATUS]: (p) => `Order ${p.code} is not reviewed, so its receiver is not revealed for printing`,
      [OrderRevealErrors.PLATFORM_DECRYPT]: (p) => `The marketplace of store "${p.store}" did not decrypt the receiver of order ${p.platformNo} just now (${p.detail}); try again shortly`,
    },
  });
  const service = createRevealService({ database: ctx.database, stores: () => ctx.registry.get<StoresAreaService>('stores') });
  ctx.http.serve(ctx.app, OrderRevealCalls, {
    prepareDecrypt: (c) => service.prepare(c.session, c.input),
    decrypt: (c) => service.decrypt(c.session, c.input),
    verifyForPrint: (c) => service.forPrint(c.session, c.input),
  });
}

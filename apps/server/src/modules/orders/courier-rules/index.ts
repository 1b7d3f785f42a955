// Orders area, part "courier-rules" (see ../README.md "How the courier is chosen"): courier rules,
// their priority, stop-shipping templates, the address calls, and the courier choice of ingest.
import { EXPRESS_COMPANY_REFERENCES, type ExpressReferenceChecker } from '../../express/index.js';
import type { ModuleContext } from '../../../platform/module.js';
import { COURIER_RULES_SERVICE } from './courier-choice.js';
import { registerCourierRuleMessages } from './courier-rules.messages.js';
import { registerCourierRuleRoutes } from './courier-rules.routes.js';
import { carrierUses, createCourierRulesService } from './courier-rules.service.js';

export { COURIER_RULES_SERVICE, type CourierChoice, type CourierChoiceInput, type CourierRulesService } from './courier-choice.js';

export function registerCourierRules(ctx: ModuleContext): void {
  const service = createCourierRulesService({ database: ctx.database, registry: ctx.registry, ...(ctx.now ? { now: ctx.now } : {}) });
  ctx.registry.provide(COURIER_RULES_SERVICE, service.choice);
  registerCourierRuleMessages();
  registerCourierRuleRoutes(ctx.app, ctx.http, service);
  // A carrier named by rules or stop-shipping templates is not removed from the domain's list.
  const uses: ExpressReferenceChecker = async (tx, domainId, _ids, codes) => [{ reason: 'express rules', count: await carrierUses(tx, domainId, codes) }];
  ctx.registry.add(EXPRESS_COMPANY_REFERENCES, uses);
}

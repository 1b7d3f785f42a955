// Orders area, part "express-rules" (see ../README.md "How the courier is chosen"): express rules,
// their priority, stop-shipping templates, the address calls, and the courier choice of ingest.
import { EXPRESS_COMPANY_REFERENCES, type ExpressReferenceChecker } from '../../express/index.js';
import type { ModuleContext } from '../../../platform/module.js';
import { EXPRESS_RULES_SERVICE } from './courier-choice.js';
import { registerExpressRuleMessages } from './express-rules.messages.js';
import { registerExpressRuleRoutes } from './express-rules.routes.js';
import { carrierUses, createExpressRulesService } from './express-rules.service.js';

export { EXPRESS_RULES_SERVICE, type CourierChoice, type CourierChoiceInput, type ExpressRulesService } from './courier-choice.js';

export function registerExpressRules(ctx: ModuleContext): void {
  const service = createExpressRulesService({ database: ctx.database, registry: ctx.registry, ...(ctx.now ? { now: ctx.now } : {}) });
  ctx.registry.provide(EXPRESS_RULES_SERVICE, service.choice);
  registerExpressRuleMessages();
  registerExpressRuleRoutes(ctx.app, ctx.http, service);
  // A carrier named by rules or stop-shipping templates is not removed from the domain's list.
  const uses: ExpressReferenceChecker = async (tx, domainId, _ids, codes) => [{ reason: 'express rules', count: await carrierUses(tx, domainId, codes) }];
  ctx.registry.add(EXPRESS_COMPANY_REFERENCES, uses);
}

// The log centre (/logs, MENU_BIZ_LOG): business-document log (activeKey 1) and configuration log
// (activeKey 5) read the operation log; the stock and sync areas add their own tabs.
import { CONFIG_LOG_AREAS, DOCUMENT_LOG_AREAS, OperationLogSearchInput } from '@openseller/core';
import type { AreaModule } from '../../platform/module.js';
import { createLogsService } from './logs.service.js';

export const registerLogsModule: AreaModule = (ctx) => {
  const logs = createLogsService({ database: ctx.database });
  const access = { menu: 'MENU_BIZ_LOG' } as const;
  ctx.http.route(ctx.app, {
    url: '/myhome/docLog/searchPageList',
    access,
    input: OperationLogSearchInput,
    handler: (c) => logs.search(c.session, DOCUMENT_LOG_AREAS, c.input),
  });
  ctx.http.route(ctx.app, {
    url: '/myhome/configLog/searchPageList',
    access,
    input: OperationLogSearchInput,
    handler: (c) => logs.search(c.session, CONFIG_LOG_AREAS, c.input),
  });
};

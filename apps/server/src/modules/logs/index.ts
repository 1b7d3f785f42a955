// The log centre (/logs, MENU_BIZ_LOG), from the route catalogue (LogCalls): business-document log
// (activeKey 1, /myhome/docLog/search) and configuration log (activeKey 5) read the operation log;
// writeDocLog records a print the web app made itself in the orders' history; getOptionByType
// answers the choices of the log filters. The order-sync log (syncSoMsg) is served by the orders'
// ingest; the stock and sync areas add their own tabs.
import { CONFIG_LOG_AREAS, DOCUMENT_LOG_AREAS, LogCalls } from '@openseller/core';
import type { AreaModule } from '../../platform/module.js';
import { createLogsService } from './logs.service.js';

export const registerLogsModule: AreaModule = (ctx) => {
  const logs = createLogsService({ database: ctx.database });
  ctx.http.serve(ctx.app, LogCalls, {
    docLogSearch: (c) => logs.search(c.session, DOCUMENT_LOG_AREAS, c.input),
    writeDocLog: (c) => logs.writeDocLog(c.session, c.input),
    configLogSearch: (c) => logs.search(c.session, CONFIG_LOG_AREAS, c.input),
    getOptionByType: (c) => logs.options(c.input.type),
  });
};

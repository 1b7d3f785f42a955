// Orders area, part "import" (see ../README.md): orders from .xlsx files through the import engine
// and the ingest pipeline (source IMPORT), and the saved import templates mapping a seller's own
// columns to order fields.
import type { ModuleContext } from '../../../platform/module.js';
import { registerOrderImportMessages } from './import.messages.js';
import { registerOrderImportRoutes } from './import.routes.js';
import { createOrderImporter } from './order.importer.js';
import { createTemplatesService } from './templates.service.js';

export { ORDER_IMPORT_KIND } from './order.importer.js';

export function registerOrderImport(ctx: ModuleContext): void {
  registerOrderImportMessages();
  const now = ctx.now ?? (() => new Date());
  const templates = createTemplatesService({ database: ctx.database, now });
  ctx.imports.register(createOrderImporter({ registry: ctx.registry, now, templateFields: templates.fieldsOf }));
  registerOrderImportRoutes(ctx.app, ctx.http, { database: ctx.database, imports: ctx.imports, templates });
}

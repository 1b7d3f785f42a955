// Orders area, part "ingest" (see ../README.md). Being built.
import type { ModuleContext } from '../../../platform/module.js';

export function registerOrderIngest(_ctx: ModuleContext): void {}

// Orders area, part "list" (see ../README.md). Being built.
import type { ModuleContext } from '../../../platform/module.js';

export function registerOrderList(_ctx: ModuleContext): void {}

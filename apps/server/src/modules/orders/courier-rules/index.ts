// Orders area, part "courier-rules" (see ../README.md). Being built.
import type { ModuleContext } from '../../../platform/module.js';

export function registerCourierRules(_ctx: ModuleContext): void {}

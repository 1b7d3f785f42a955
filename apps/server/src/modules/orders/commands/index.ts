// Orders area, part "commands" (see ../README.md). Being built.
import type { ModuleContext } from '../../../platform/module.js';

export function registerOrderCommands(_ctx: ModuleContext): void {}

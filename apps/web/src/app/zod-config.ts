// Imported first by main.tsx, before any module that parses with zod. Zod compiles object
// parsers with Function() unless told not to, and probes for it on the first parse; the page's
// Content-Security-Policy allows no eval (apps/server/README.md), so it parses without.
import { z } from 'zod';

z.config({ jitless: true });

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The apps/server folder, whether running from src (tests, tsx) or from the dist bundle. */
export function serverRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (true) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@openseller/server') {
      cached = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the @openseller/server package folder');
    dir = parent;
  }
}

export const migrationsFolder = () => path.join(serverRoot(), 'src', 'db', 'migrations');
export const webDistFolder = () => path.join(serverRoot(), '..', 'web', 'dist');

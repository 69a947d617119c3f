/**
 * Where the Lua files shipped with lug are: `lua/basic.lug` and `lua/docs/`.
 * The build copies the repository's top-level `lua/` into `dist/lua/`; in the
 * repository (tests running from `src/`) they are found at the top level.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export function defaultRuntimePath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'lua'), path.join(here, '..', 'lua'), path.join(here, '..', '..', '..', 'lua')];
  const dir = candidates.find((d) => fs.existsSync(path.join(d, 'basic.lug'))) ?? candidates[0]!;
  return path.join(dir, 'basic.lug');
}

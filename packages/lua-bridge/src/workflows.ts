/**
 * The stock workflows: Lua files shipped in `lua/workflows/` (plan mode, the
 * todo list, prompt files, skills, subagents…), written against the public
 * `lug` API. They load after init.lua and the plugins, in name order, so a
 * user turns one off with one line of init.lua (`lug.workflow.disable("plan")`)
 * and replaces one with a copy of the same name in `<config>/workflows/`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WorkflowInfo } from './api/api-context.js';

/** The stock workflows found in `stockDir`, each pointing at the user's copy in `userDir` when there is one. */
export function findWorkflows(stockDir: string, userDir: string): WorkflowInfo[] {
  let names: string[];
  try {
    names = fs
      .readdirSync(stockDir)
      .filter((f) => f.endsWith('.lua'))
      .map((f) => f.slice(0, -'.lua'.length))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const copy = path.join(userDir, `${name}.lua`);
    const stock = !fs.existsSync(copy);
    return { name, file: stock ? path.join(stockDir, `${name}.lua`) : copy, stock, disabled: false, loaded: false };
  });
}

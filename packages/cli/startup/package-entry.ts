/**
 * Where an ES module package's entry is, found without Node's ES module
 * loader: start.ts is CommonJS (its first `import` of an ES module, even a
 * tiny one, cost 11-14 ms of loader start-up on Node 20), and `require.resolve`
 * cannot resolve a package whose `exports` offer only an `import` condition,
 * as lug's packages do. This walks the `node_modules` folders up from `from`
 * as Node does and reads the entry from the package's `package.json`
 * (`exports["."]` under the `import`, `node` or `default` condition, else
 * `main`, else `index.js`), resolving symbolic links as Node's ES module
 * resolution does. Only bare package names are resolved (`@scope/name` or
 * `name`, no subpath): that is all start.ts asks.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const CONDITIONS = ['import', 'node', 'default'];

/** The target of an `exports` value under the conditions Node's `import` uses, or undefined. */
function exportTarget(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const target = exportTarget(item);
      if (target) return target;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if ('.' in record) return exportTarget(record['.']);
  for (const condition of CONDITIONS) {
    if (condition in record) {
      const target = exportTarget(record[condition]);
      if (target) return target;
    }
  }
  return undefined;
}

/** The file `import(id)` would load from a module in the folder `from`; throws when there is none. */
export function resolvePackageEntry(id: string, from: string): string {
  if (!/^(@[^/]+\/)?[^/@.][^/]*$/.test(id)) throw new Error(`resolvePackageEntry: "${id}" is not a bare package name`);
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const packageDir = join(dir, 'node_modules', id);
    const manifest = join(packageDir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown; main?: unknown };
      const target = pkg.exports !== undefined ? exportTarget(pkg.exports) : typeof pkg.main === 'string' ? pkg.main : 'index.js';
      if (!target) throw new Error(`${manifest}: its "exports" name no entry for import`);
      return realpathSync(join(packageDir, target));
    }
    if (dirname(dir) === dir) throw new Error(`cannot find the package ${id} from ${from}`);
  }
}

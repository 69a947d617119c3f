/**
 * lug.fs: files of the project from Lua, outside any tool call. Relative
 * paths are relative to the project (lug.cwd()), as for io.open and the
 * tools. read, list and exists read anywhere the user can; write changes only
 * files inside the project: the path is resolved with every symlink followed
 * (a link inside the project pointing out of it is outside), as the
 * sandbox's write boundary does for the file tools, and with lug.opt.sandbox
 * = "read-only" nothing is written. glob lists the project's files matching a
 * glob, as the ls tool's `glob` does (ignore files kept); it waits.
 * A failure is an error naming the path and what went wrong.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveRealPath } from '@lug/core';
import type { LuaState } from '../fengari.js';
import { describeFsError } from '../stdlib/lua-file.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { STRING, typeCheck } from './checks.js';
import { is, signature } from './validate.js';

const READ = signature('lug.fs.read', [['path', is.string]]);
const WRITE = signature('lug.fs.write', [
  ['path', is.string],
  ['content', typeCheck('string', STRING, (vm, L, idx) => vm.f.lua.lua_tolstring(L, idx)!)],
  ['opts', is.fields({ append: is.boolean.optional() }).optional({})],
]);
const LIST = signature('lug.fs.list', [['dir', is.string.optional('.')]]);
const EXISTS = signature('lug.fs.exists', [['path', is.string]]);
const GLOB = signature('lug.fs.glob', [['glob', is.string]]);

interface GlobTools {
  compileGlob(glob: string): { test(relPath: string): boolean };
  listFilesByWalking(root: string, opts: { env?: Record<string, string | undefined> }): Promise<string[]>;
}

let globTools: Promise<GlobTools> | undefined;
/** @lug/tools' walker and glob matcher, imported at the first glob (most sessions never call it). */
function loadGlobTools(): Promise<GlobTools> {
  const specifier = '@lug/tools';
  globTools ??= import(specifier) as Promise<GlobTools>;
  return globTools;
}

function isInside(p: string, dir: string): boolean {
  return p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

function realDir(dir: string): string {
  try {
    return fs.realpathSync.native(dir);
  } catch {
    return dir;
  }
}

/** The real path lug.fs.write writes `target` to; throws saying why when it refuses. */
function writeTarget(project: string, target: string, sandbox: unknown): string {
  if (sandbox === 'read-only') throw new Error(`refused: ${target}: lug.opt.sandbox is "read-only", so nothing is written`);
  const real = resolveRealPath(project, target);
  if (!isInside(real, realDir(project))) throw new Error(`refused: ${target}: writes only inside the project (${project}), and this is ${real}`);
  return real;
}

const failure = (p: string, err: unknown) => new Error(`${p}: ${describeFsError(err)[0]}`);

export function pushFsApi(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  const { lua } = vm.f;
  const resolve = (p: string) => path.resolve(host.cwd, p);
  pushFunctions(vm, L, 'lug.fs', {
    read: (Ls) => {
      const [p] = READ.read(vm, Ls);
      let bytes: Buffer;
      try {
        bytes = fs.readFileSync(resolve(p));
      } catch (err) {
        throw failure(p, err);
      }
      lua.lua_pushstring(Ls, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
      return 1;
    },
    write: (Ls) => {
      const [p, content, opts] = WRITE.read(vm, Ls);
      const target = writeTarget(host.cwd, p, host.options.has('sandbox') ? host.options.get('sandbox') : undefined);
      try {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        if (opts.append) fs.appendFileSync(target, content);
        else fs.writeFileSync(target, content);
      } catch (err) {
        throw failure(p, err);
      }
      return 0;
    },
    list: (Ls) => {
      const [dir] = LIST.read(vm, Ls);
      let names: string[];
      try {
        names = fs
          .readdirSync(resolve(dir), { withFileTypes: true })
          .map((d) => (d.isDirectory() ? `${d.name}/` : d.name))
          .sort();
      } catch (err) {
        throw failure(dir, err);
      }
      vm.pushJs(Ls, names);
      return 1;
    },
    exists: (Ls) => {
      const [p] = EXISTS.read(vm, Ls);
      lua.lua_pushboolean(Ls, fs.existsSync(resolve(p)));
      return 1;
    },
    glob: vm.asyncFn('lug.fs.glob', async (Ls) => {
      const [glob] = GLOB.read(vm, Ls);
      const tools = await loadGlobTools();
      const matcher = tools.compileGlob(glob);
      const files = await tools.listFilesByWalking(host.cwd, { env: host.env });
      return [files.filter((f) => matcher.test(f))];
    }),
  });
}

import { createHostWithApprovals } from '@lug/approvals';
import { createLuaRuntime, ChunkCache } from '@lug/lua-bridge';
import * as fs from 'node:fs'; import * as path from 'node:path';
const root = '/tmp/lt-root'; fs.mkdirSync(path.join(root,'c/lug'),{recursive:true});
const env = { ...process.env, HOME: root, XDG_CONFIG_HOME: path.join(root,'c'), XDG_STATE_HOME: path.join(root,'s'), XDG_CACHE_HOME: path.join(root,'k') };
const { host, approvals } = createHostWithApprovals({ cwd: root, env, interactive: true });
const rt = createLuaRuntime(host, approvals, { chunkCache: new ChunkCache({ dir: path.join(root,'k/lua') }) });
const rep = await rt.loadStartup();
console.log('load', rep.ms.toFixed(1), rep.files.map((f) => `${path.basename(f.file)} ${f.ms.toFixed(1)}`).join(', '));

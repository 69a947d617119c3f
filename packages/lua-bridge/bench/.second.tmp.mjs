import { createHost } from '@lug/core';
import { createApprovals } from '@lug/approvals';
const bridge = await import('/work/main/packages/lua-bridge/dist/index.js');
const root = '/tmp/lugprof2';
const env = { ...process.env, XDG_CONFIG_HOME: root + '/config', XDG_STATE_HOME: root + '/state' };
const out = [];
for (let i = 0; i < 3; i++) {
  await new Promise((r) => setTimeout(r, 5));
  const host = createHost({ cwd: root, env });
  const approvals = createApprovals(host);
  const t = performance.now();
  const rt = bridge.createLuaRuntime(host, approvals);
  const t1 = performance.now();
  const rep = await rt.loadStartup();
  out.push(`create ${(t1 - t).toFixed(1)} load ${rep.files.map((f) => f.ms.toFixed(1)).join('+')}`);
  rt.close();
}
console.log(out.join(' | '));

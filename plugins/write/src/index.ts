import { definePlugin, sandboxPolicy } from '@lug/tools';
import { createWriteTool } from './write-tool.js';

export { createWriteTool, writeTool } from './write-tool.js';
export type { WriteArgs } from './write-tool.js';

/** write keeps the sandbox's write boundary (lug.opt.sandbox, read at each call). */
export default definePlugin({
  name: 'write',
  setup(lug) {
    lug.tools.register(createWriteTool(() => sandboxPolicy(lug)));
  },
});

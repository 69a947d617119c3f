import { definePlugin, modelProcesses } from '@lug/tools';
import { createBashTool } from './bash-tool.js';

export { bashTool, createBashTool } from './bash-tool.js';
export type { BashArgs } from './bash-tool.js';

/** bash's commands start through modelProcesses, which reads the sandbox's options (lug.opt.sandbox, sandbox_network) at each call. */
export default definePlugin({
  name: 'bash',
  setup(lug) {
    lug.tools.register(createBashTool(modelProcesses(lug)));
  },
});

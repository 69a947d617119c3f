/** lug.workflow: turn a stock workflow off (from init.lua or a plugin), and list them. */
import type { LuaState } from '../fengari.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { BadArgumentError, is, signature } from './validate.js';

const DISABLE = signature('lug.workflow.disable', [['name', is.string]]);
const LIST = signature('lug.workflow.list', []);

export function pushWorkflowApi(ctx: ApiContext, L: LuaState): void {
  const { vm, config } = ctx;
  pushFunctions(vm, L, 'lug.workflow', {
    disable: (Ls) => {
      const [name] = DISABLE.read(vm, Ls);
      const workflow = config.workflows.find((w) => w.name === name);
      if (!workflow) {
        const known = config.workflows.map((w) => `"${w.name}"`).join(', ') || 'none';
        throw new BadArgumentError(`bad argument #1 to 'lug.workflow.disable' (no stock workflow named "${name}"; the stock workflows are ${known})`);
      }
      if (config.workflowsStarted && !workflow.disabled) {
        throw new Error(`"${name}" has already loaded; call it from init.lua or a plugin, which run before the workflows`);
      }
      workflow.disabled = true;
      return 0;
    },
    list: (Ls) => {
      LIST.read(vm, Ls);
      vm.pushJs(Ls, config.workflows.map((w) => ({ ...w })));
      return 1;
    },
  });
}

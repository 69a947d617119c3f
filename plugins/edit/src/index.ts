import { definePlugin, sandboxPolicy } from '@lug/tools';
import { EDIT_MAX_BYTES_OPTION } from './edit-options.js';
import { createEditTool } from './edit-tool.js';

export { createEditTool, editTool } from './edit-tool.js';
export { DEFAULT_EDIT_MAX_BYTES, EDIT_MAX_BYTES_OPTION } from './edit-options.js';
export type { EditArgs, EditLimits } from './plan-edit.js';

/** The plugin defines lug.opt.edit_max_bytes, and registers edit reading it and the sandbox's options at each call. */
export default definePlugin({
  name: 'edit',
  setup(lug) {
    lug.options.define(EDIT_MAX_BYTES_OPTION);
    lug.tools.register(createEditTool(() => ({ maxBytes: lug.options.get<number>('edit_max_bytes') }), () => sandboxPolicy(lug)));
  },
});

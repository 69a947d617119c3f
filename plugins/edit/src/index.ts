import { definePlugin } from '@lug/tools';
import { editTool } from './edit-tool.js';

export { editTool } from './edit-tool.js';
export type { EditArgs } from './plan-edit.js';

export default definePlugin({ name: 'edit', tools: [editTool] });

import { definePlugin } from '@lug/tools';
import { bashTool } from './bash-tool.js';

export { bashTool } from './bash-tool.js';
export type { BashArgs } from './bash-tool.js';

export default definePlugin({ name: 'bash', tools: [bashTool] });

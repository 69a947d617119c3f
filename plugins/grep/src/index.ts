import { definePlugin } from '@lug/tools';
import { grepTool } from './grep-tool.js';

export { grepTool } from './grep-tool.js';
export type { GrepArgs } from './grep-tool.js';

export default definePlugin({ name: 'grep', tools: [grepTool] });

import { definePlugin } from '@lug/tools';
import { readTool } from './read-tool.js';

export { readTool } from './read-tool.js';
export type { ReadArgs } from './read-tool.js';

export default definePlugin({ name: 'read', tools: [readTool] });

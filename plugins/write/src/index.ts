import { definePlugin } from '@lug/tools';
import { writeTool } from './write-tool.js';

export { writeTool } from './write-tool.js';
export type { WriteArgs } from './write-tool.js';

export default definePlugin({ name: 'write', tools: [writeTool] });

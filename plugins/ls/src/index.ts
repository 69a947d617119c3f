import { definePlugin } from '@lug/tools';
import { lsTool } from './ls-tool.js';

export { lsTool } from './ls-tool.js';
export type { LsArgs } from './ls-tool.js';

export default definePlugin({ name: 'ls', tools: [lsTool] });

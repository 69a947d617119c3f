import { definePlugin } from '@lug/tools';
import { wordCountTool } from './word-count-tool.js';

export { wordCountTool, type WordCountArgs } from './word-count-tool.js';
export { countText, type Counts } from './count.js';

export default definePlugin({ name: 'lug-plugin-word-count', tools: [wordCountTool] });

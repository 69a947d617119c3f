import { definePlugin } from '@lug/tools';
import { webFetchTool } from './web-fetch-tool.js';

export { webFetchTool, MAX_BODY_BYTES, MAX_REDIRECTS, DEFAULT_TIMEOUT_SECS, MAX_TIMEOUT_SECS } from './web-fetch-tool.js';
export type { WebFetchArgs } from './web-fetch-tool.js';
export { fetchBounded, httpUrl, type FetchBounds, type FetchedPage } from './fetch-bounded.js';

export default definePlugin({ name: 'web-fetch', tools: [webFetchTool] });

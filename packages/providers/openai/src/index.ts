export {
  openaiProvider,
  openaiProvider as default,
  createOpenAIProvider,
  type OpenAIProviderOptions,
} from './openai-provider.js';
export { toOpenAIParams } from './to-openai.js';

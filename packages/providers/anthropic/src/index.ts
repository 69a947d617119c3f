export {
  anthropicProvider,
  anthropicProvider as default,
  createAnthropicProvider,
  type AnthropicProviderOptions,
} from './anthropic-provider.js';
export { toAnthropicParams } from './to-anthropic.js';
export { anthropicModelInfo, DEPRECATED_MODELS, PRICES_AS_OF } from './known-models.js';
export { THINKING_BUDGETS } from './thinking-config.js';
export type { AnthropicClient, AnthropicSdk } from './sdk-surface.js';

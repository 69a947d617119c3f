export {
  anthropicProvider,
  anthropicProvider as default,
  createAnthropicProvider,
  type AnthropicProviderOptions,
} from './anthropic-provider.js';
export { toAnthropicParams } from './to-anthropic.js';

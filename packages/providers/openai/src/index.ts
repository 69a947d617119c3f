export {
  openaiProvider,
  openaiProvider as default,
  createOpenAIProvider,
  COMPAT_OPTION,
  MODEL_INFO_TIMEOUT_MS,
  type OpenAIProviderOptions,
} from './openai-provider.js';
export { resolveCompat, parseUserCompat, envCompatTable, matchesModel, SERVER_KINDS, type OpenAICompat, type ServerKind, type EffortMap, type UserCompat } from './compat.js';
export { PRESETS, serverOfUrl } from './compat-presets.js';
export { toChatParams } from './chat-request.js';
export { toResponsesParams } from './responses-request.js';

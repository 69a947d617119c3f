/**
 * The stock providers, registered by name; each package (and its SDK) is
 * imported only when a model of that provider is first used.
 */
import type { LugHost } from '@lug/core';

export function registerStockProviders(host: LugHost): void {
  host.providers.register({
    name: 'anthropic',
    create: async (env, context) => (await import('@lug/provider-anthropic')).anthropicProvider.create(env, context),
  });
  host.providers.register({
    name: 'openai',
    create: async (env, context) => (await import('@lug/provider-openai')).openaiProvider.create(env, context),
  });
}

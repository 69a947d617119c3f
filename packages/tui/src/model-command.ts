/**
 * `:model`: the model in use and the ones to choose from (the providers'
 * defaults, the models of local servers found at start), or a new one; a
 * local server's model points the openai provider at that server.
 */
import type { Command } from '@lug/core';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL, defaultModel, parseModelName } from '@lug/core';
import type { TuiController } from './controller.js';

export function modelCommand(c: TuiController, source: string): Command {
  const notice = (text: string) => c.transcript.notice(text);
  return {
    name: 'model',
    desc: 'show or set the model: ":model provider/name"',
    source,
    complete: (arg) => modelChoices(c).filter((m) => m.startsWith(arg.trim())),
    run(arg) {
      const name = arg.trim();
      if (!name) {
        const current = c.session.modelName();
        const choices = modelChoices(c);
        notice(`model: ${current ?? 'none'}${choices.length ? `; choices: ${choices.join(', ')}` : ''}`);
        return;
      }
      const { provider } = parseModelName(name);
      // Caught now, not at the next prompt: a provider lug does not have.
      const providers = c.host.providers.names();
      if (!providers.includes(provider)) throw new Error(`unknown provider "${provider}" in model "${name}"; the providers are: ${providers.join(', ')}`);
      const local = c.localServers.find((s) => name.startsWith('openai/') && s.models.includes(name.slice('openai/'.length)));
      if (local && !c.host.env.OPENAI_BASE_URL && !c.host.env.OPENAI_API_KEY) c.host.env.OPENAI_BASE_URL = local.baseUrl;
      c.host.options.set('model', name);
      notice(`model: ${name}${local ? ` (${local.name} at ${c.host.env.OPENAI_BASE_URL})` : ''}`);
    },
  };
}

function modelChoices(c: TuiController): string[] {
  const names = new Set<string>();
  const fallback = defaultModel(c.host.env);
  if (fallback) names.add(fallback);
  for (const p of c.host.providers.names()) {
    if (p === 'anthropic') names.add(DEFAULT_ANTHROPIC_MODEL);
    if (p === 'openai') names.add(DEFAULT_OPENAI_MODEL);
  }
  for (const s of c.localServers) for (const m of s.models) names.add(`openai/${m}`);
  return [...names];
}

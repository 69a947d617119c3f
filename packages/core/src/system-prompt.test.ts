import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from './system-prompt.js';

describe('buildSystemPrompt', () => {
  it('points at lua_docs and lug_plugins for questions about lug itself, when the model is offered them', () => {
    const prompt = buildSystemPrompt({ cwd: '/p', agentsMd: null, tools: ['read', 'lua_docs', 'lug_plugins'] });
    expect(prompt).toContain('For questions about lug itself');
    expect(prompt).toContain('use lua_docs and lug_plugins rather than guessing');
  });

  it('names no tool the model is not offered', () => {
    expect(buildSystemPrompt({ cwd: '/p', agentsMd: null, tools: ['read'] })).not.toContain('lua_docs');
  });
});

import { describe, expect, it } from 'vitest';
import { EventBus } from './events.js';
import { createOptions } from './options.js';

describe('the options store', () => {
  it('has the defaults of the page', () => {
    const o = createOptions();
    expect(o.get('approval')).toBe('policy');
    expect(o.get('tool_concurrency')).toBe(10);
  });

  it('rejects a bad value, naming the allowed values', () => {
    const o = createOptions();
    expect(() => o.set('approval', 'sometimes')).toThrow('option approval must be one of "off", "policy", "all", got "sometimes"');
    expect(() => o.set('tool_concurrency', 0)).toThrow('option tool_concurrency must be an integer from 1 to 64, got 0');
  });

  it('rejects an unknown option, listing the options', () => {
    expect(() => createOptions().set('colour', 'red')).toThrow(/unknown option "colour"; the options are: approval, /);
  });

  it('emits a change event', () => {
    const events = new EventBus();
    const o = createOptions(events);
    const seen: unknown[] = [];
    events.on('option_change', (e) => seen.push([e.name, e.value, e.previous]));
    o.set('tool_concurrency', 4);
    o.set('tool_concurrency', 4);
    expect(seen).toEqual([['tool_concurrency', 4, 10]]);
  });
});

describe('a table option', () => {
  it('takes a table or nil and refuses anything else, naming what is allowed', () => {
    const o = createOptions();
    o.set('openai_compat', { api: 'chat', models: { 'gpt-5*': { api: 'responses' } } });
    expect(o.get('openai_compat')).toEqual({ api: 'chat', models: { 'gpt-5*': { api: 'responses' } } });
    o.set('openai_compat', null);
    expect(o.get('openai_compat')).toBeNull();
    expect(() => o.set('openai_compat', 'chat')).toThrow('option openai_compat must be a table, or nil, got "chat"');
    expect(() => o.set('openai_compat', ['chat'])).toThrow('option openai_compat must be a table, or nil, got ["chat"]');
  });

  it('openai_compat: a table the OpenAI provider would refuse is refused when set, field by field, and the one before stays', () => {
    const o = createOptions();
    o.set('openai_compat', { stream_usage: false });
    expect(() => o.set('openai_compat', { api: 'x' })).toThrow('option openai_compat: openai_compat.api must be "responses", "chat", got "x"');
    expect(() => o.set('openai_compat', { models: { 'gpt-5*': { server: 'vllm' } } })).toThrow('option openai_compat: openai_compat.models["gpt-5*"]: unknown field "server"');
    expect(() => o.set('openai_compat', { reasoning_effort: { high: 3 } })).toThrow('openai_compat.reasoning_effort must be false, or a table from thinking levels');
    expect(o.get('openai_compat')).toEqual({ stream_usage: false });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { createMarkdownRenderer, type MarkdownRenderer } from './markdown.js';
import { isLightMarkdown, renderLightMarkdown } from './markdown-light.js';
import { foundMessage, noModelMessage } from './probe.js';

let real: MarkdownRenderer;
beforeAll(async () => {
  process.env.FORCE_COLOR = '1';
  real = createMarkdownRenderer();
  await real.load();
});

const NO_MODEL = [
  noModelMessage(),
  foundMessage([{ name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1', models: ['llama3.2', 'qwen2.5-coder:7b'] }])!,
  foundMessage([{ name: 'llama.cpp', baseUrl: 'http://127.0.0.1:8080/v1', models: Array.from({ length: 12 }, (_, i) => `model-${i}`) }])!,
  foundMessage([{ name: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1', models: [] }])!,
];

describe('light Markdown', () => {
  it('draws the no-model message exactly as marked-terminal does, at every width', () => {
    for (const text of NO_MODEL) {
      for (const width of [20, 40, 78, 120]) expect(renderLightMarkdown(text, width), `width ${width}`).toBe(real.render(text, width));
    }
  });

  it('draws paragraphs, lists, bold, code and links as marked-terminal does', () => {
    for (const text of ['plain words', '**bold** and `code`', '- one\n- `two`\n- **three**', 'see https://example.com/a, then go', 'intro:\n- a\n- b']) {
      expect(renderLightMarkdown(text, 60), text).toBe(real.render(text, 60));
    }
  });

  it('is not light for what it does not draw', () => {
    for (const text of ['# title', '*em*', '_em_', '[a](b)', '1. one', '> quote', '| a | b |', '```\ncode\n```', 'a `unclosed', 'a **unclosed', '  indented', 'x & y', 'two\nlines']) {
      expect(renderLightMarkdown(text, 60), text).toBeUndefined();
      expect(isLightMarkdown(text), text).toBe(false);
    }
  });

  it('says what it draws without drawing it at a width, and draws a text again the same at every width', () => {
    for (const text of [...NO_MODEL, 'plain words', '- one\n- `two`']) {
      expect(isLightMarkdown(text), text).toBe(true);
      // Drawn once for the text, wrapped for each width: the same as a first drawing at that width.
      for (const width of [20, 78, 20]) expect(renderLightMarkdown(text, width), `width ${width}`).toBe(real.render(text, width));
    }
    // More texts than are kept: each is drawn again, the same.
    const many = Array.from({ length: 40 }, (_, i) => `notice **${i}** with \`code\``);
    for (const text of [...many, ...many]) expect(renderLightMarkdown(text, 50), text).toBe(real.render(text, 50));
  });
});

describe('a light notice in the transcript', () => {
  it('leaves the Markdown renderer unloaded (the no-key screen), and a notice that is not light loads it', async () => {
    const { TranscriptStore } = await import('./transcript-store.js');
    const markdown = createMarkdownRenderer();
    const store = new TranscriptStore({ markdown, frameMs: 0 });
    store.notice(noModelMessage(), 'warn', true);
    await new Promise((r) => setTimeout(r, 50));
    expect(markdown.ready()).toBe(false);
    store.notice('# a heading', 'info', true);
    await markdown.load();
    expect(markdown.ready()).toBe(true);
    store.dispose();
  });
});

import { describe, expect, it } from 'vitest';
import { promptOf, PromptContentError } from './prompt-blocks.js';

describe("a prompt's content blocks as lug's prompt", () => {
  it('runs text and links together as the editor wrote them, with embedded resources after as context blocks', () => {
    const prompt = promptOf([
      { type: 'text', text: 'explain ' },
      { type: 'resource_link', uri: 'file:///home/u/my%20project/a.ts', name: 'a.ts' },
      { type: 'text', text: ' please' },
      { type: 'resource', resource: { uri: 'file:///home/u/b.ts', text: 'export const b = 1;\n' } },
    ]);
    expect(prompt.text).toBe('explain @/home/u/my project/a.ts please\n\n<context uri="file:///home/u/b.ts">\nexport const b = 1;\n</context>');
    expect(prompt.images).toEqual([]);
  });

  it('takes an image as an image part, checked', () => {
    expect(promptOf([{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }]).images).toEqual([{ type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' }]);
    expect(() => promptOf([{ type: 'image', data: 'AAAA', mimeType: 'image/tiff' }])).toThrow('prompt[0]: image type "image/tiff" is not one lug sends');
    expect(() => promptOf([{ type: 'image', data: 'not base64!', mimeType: 'image/png' }])).toThrow(PromptContentError);
  });

  it('refuses a block lug does not take, saying which and what it takes', () => {
    expect(() => promptOf([{ type: 'text', text: 'hi' }, { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }])).toThrow(
      'prompt[1]: lug takes text, resource, resource_link and image blocks, not "audio"',
    );
  });
});

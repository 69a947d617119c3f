/** lug.str.front_matter: the `key: value` header of a Markdown file and its body, as prompt files, skills and agent files have. */
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';
import { frontMatter } from './front-matter.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

describe('front matter', () => {
  it('gives the pairs, quotes taken off, and the body after the closing line', () => {
    expect(frontMatter('---\nname: review\ndescription: "Review a file"\nmodel: \'a/b\'\n---\nReview $1.\n')).toEqual({
      fields: { name: 'review', description: 'Review a file', model: 'a/b' },
      body: 'Review $1.\n',
    });
  });

  it('reads CRLF files, and skips lines that are not a pair', () => {
    expect(frontMatter('---\r\n  tools : read, grep  \r\n# a comment\r\n---\r\nBody')).toEqual({ fields: { tools: 'read, grep' }, body: 'Body' });
  });

  it('is all body without a header, or with one that never closes', () => {
    expect(frontMatter('Just text.\n')).toEqual({ fields: {}, body: 'Just text.\n' });
    expect(frontMatter('---\nname: x\nno end')).toEqual({ fields: {}, body: '---\nname: x\nno end' });
  });
});

describe('lug.str.front_matter', () => {
  it('returns the fields as a table and the body, and names what it takes', async () => {
    s = setup();
    await s.runtime.loadStartup();
    expect((await s.runtime.run('return lug.str.front_matter("---\\ndescription: d\\n---\\nbody")')).values).toEqual([{ description: 'd' }, 'body']);
    await expect(s.runtime.run('lug.str.front_matter(42)')).rejects.toThrow(/bad argument #1 to 'lug.str.front_matter' \(text: expected string, got number\)/);
  });
});

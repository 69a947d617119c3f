import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { emojiOnFirstUse } from './build-plugins.js';

const require = createRequire(import.meta.url);

describe('node-emoji loaded on first use', () => {
  it('gives marked-terminal the same emoji as node-emoji itself', async () => {
    const outfile = join(mkdtempSync(join(tmpdir(), 'lug-emoji-')), 'out.cjs');
    await build({
      stdin: { contents: "import { markedTerminal } from 'marked-terminal'; export { markedTerminal };", resolveDir: import.meta.dirname, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile,
      logLevel: 'silent',
      plugins: [emojiOnFirstUse()],
    });
    const { markedTerminal } = require(outfile) as { markedTerminal: (o: object) => object };
    const { Marked } = await import('marked');
    const m = new Marked();
    m.use(markedTerminal({ emoji: true }) as never);
    const emoji = (await import('node-emoji')) as { get(name: string): string | undefined };
    expect(m.parse('a :smile: b', { async: false })).toContain(emoji.get('smile')!);
  });
});

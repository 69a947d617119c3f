import { fileURLToPath } from 'node:url';
import type { Tool } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { pageSchema, parseToolsPage, readToolsPage, toolPageDifferences } from './tools-page.js';

const PAGE = `# Tools

| Tool | Asks by default | Description |
|---|---|---|
| look | No | Look at a file. |
| poke | Yes | Poke a process. |

| Tool | Argument | Type | Required | Default | Description |
|---|---|---|---|---|---|
| all but poke | path | string | for look | . | Where. |
| look | lines | integer ≥ 1 |  | 20 | How many. |
| poke | pid | integer |  yes |  | Which process. |
| poke | signal | integer 1–64 |  | 15 | Which signal. |
| look, poke | quiet | boolean |  | false | Say less. |

| Limit | Value |
|---|---|
| Output | 1 byte |
`;

const page = parseToolsPage(PAGE);

function lookTool(): Tool {
  return {
    name: 'look',
    description: 'Look at a file.',
    ask: false,
    parameters: pageSchema(page[0]!),
    handler: () => '',
  };
}

describe('parseToolsPage', () => {
  it('reads each tool with its asks flag, description and arguments, in the page order', () => {
    expect(page).toEqual([
      {
        name: 'look',
        asks: false,
        description: 'Look at a file.',
        arguments: [
          { name: 'path', type: 'string', required: true, default: '.', description: 'Where.' },
          { name: 'lines', type: 'integer', minimum: 1, required: false, default: 20, description: 'How many.' },
          { name: 'quiet', type: 'boolean', required: false, default: false, description: 'Say less.' },
        ],
      },
      {
        name: 'poke',
        asks: true,
        description: 'Poke a process.',
        arguments: [
          { name: 'pid', type: 'integer', required: true, description: 'Which process.' },
          { name: 'signal', type: 'integer', minimum: 1, maximum: 64, required: false, default: 15, description: 'Which signal.' },
          { name: 'quiet', type: 'boolean', required: false, default: false, description: 'Say less.' },
        ],
      },
    ]);
  });

  it('refuses a type it does not know, naming the ones it does', () => {
    expect(() => parseToolsPage(PAGE.replace('integer 1–64', 'float'))).toThrow(/type "float" is not understood; known: string/);
  });

  it('refuses a page without the two tool tables', () => {
    expect(() => parseToolsPage('# nothing\n')).toThrow(/no table whose header starts "\| Tool \| Asks by default \|"/);
  });
});

describe('readToolsPage', () => {
  it("reads the repository's docs/tools.md: the six built-in tools", () => {
    const tools = readToolsPage(fileURLToPath(new URL('../../../docs/tools.md', import.meta.url)));
    expect(tools.map((t) => [t.name, t.asks])).toEqual([
      ['read', false],
      ['write', true],
      ['edit', true],
      ['grep', false],
      ['ls', false],
      ['bash', true],
    ]);
    expect(tools.find((t) => t.name === 'bash')!.arguments.map((a) => a.name)).toEqual(['command', 'timeout_secs']);
  });
});

describe('pageSchema', () => {
  it('is the JSON Schema the page gives, refusing other arguments', () => {
    expect(pageSchema(page[1]!)).toEqual({
      type: 'object',
      properties: {
        pid: { type: 'integer', description: 'Which process.' },
        signal: { type: 'integer', minimum: 1, maximum: 64, default: 15, description: 'Which signal.' },
        quiet: { type: 'boolean', default: false, description: 'Say less.' },
      },
      required: ['pid'],
      additionalProperties: false,
    });
  });
});

describe('toolPageDifferences', () => {
  it('finds none for a tool that is the page', () => {
    expect(toolPageDifferences(lookTool(), page)).toEqual([]);
  });

  it('ignores the order of the required names, and a missing required list when nothing is required', () => {
    const poke = { name: 'poke', description: 'Poke a process.', parameters: pageSchema(page[1]!) };
    expect(toolPageDifferences(poke, page)).toEqual([]);
    const none = parseToolsPage(PAGE.replace('|  yes |', '|  |'));
    const { required: _, ...withoutRequired } = pageSchema(none[1]!);
    expect(toolPageDifferences({ ...poke, parameters: withoutRequired }, none)).toEqual([]);
  });

  it('names every difference: description, ask, bounds, defaults, extra and missing arguments, required flags', () => {
    const tool = lookTool();
    tool.description = 'Look.';
    tool.ask = undefined; // asks by default
    const props = tool.parameters.properties!;
    props.lines = { ...props.lines!, minimum: 0, default: undefined };
    props.extra = { type: 'string' };
    delete props.quiet;
    tool.parameters.required = ['lines'];
    tool.parameters.additionalProperties = true;
    expect(toolPageDifferences(tool, page)).toEqual([
      'description is "Look.", the page says "Look at a file."',
      'ask is true (the default), the page says false',
      'parameters.additionalProperties is true, must be false: the page lists every argument',
      'argument lines: minimum is 0, the page says 1',
      'argument lines: default is absent, the page says 20',
      'argument quiet: missing, the page lists it',
      'argument extra: not on the page',
      'argument path: must be required, as the page says',
      'argument lines: must not be required, as the page says',
    ]);
  });

  it('checks ask only on a Tool definition, not on a spec offered to the model', () => {
    const { handler: _, ask: __, ...spec } = { ...lookTool(), ask: true };
    expect(toolPageDifferences(spec, page)).toEqual([]);
    expect(toolPageDifferences({ ...lookTool(), ask: true }, page)).toEqual(['ask is true, the page says false']);
  });

  it('says when the page has no such tool', () => {
    expect(toolPageDifferences({ ...lookTool(), name: 'peek' }, page)).toEqual(['the page has no tool "peek"; it lists look, poke']);
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EventBus, LUG_EVENT_TYPES, type LugEventMap } from './events.js';

const EVENTS_TS = fileURLToPath(new URL('./events.ts', import.meta.url));

const parsed = new Map<string, ts.SourceFile | undefined>();

/** Type-check events.ts as `edit` changes its text, with the package's settings: the messages of its errors. */
function typeErrorsOfEventsTs(edit: (source: string) => string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(fileURLToPath(new URL('../tsconfig.json', import.meta.url)), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  // No @types/node: the event map needs none, and loading it is most of the cost. Only events.ts's own errors are read.
  const options = { ...config.options, noEmit: true, declaration: false, types: [] };
  const host = ts.createCompilerHost(options);
  const edited = edit(readFileSync(EVENTS_TS, 'utf8'));
  const getSourceFile = host.getSourceFile.bind(host);
  // The other files (lib, @types/node, the imports) are parsed once for all three checks.
  host.getSourceFile = (file, language, ...rest) => {
    if (file === EVENTS_TS) return ts.createSourceFile(file, edited, language);
    if (!parsed.has(file)) parsed.set(file, getSourceFile(file, language, ...rest));
    return parsed.get(file);
  };
  const program = ts.createProgram([EVENTS_TS], options, host);
  const file = program.getSourceFile(EVENTS_TS)!;
  return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the event stream', () => {
  it('lists every event name once', () => {
    expect(new Set(LUG_EVENT_TYPES).size).toBe(LUG_EVENT_TYPES.length);
    const all: Record<keyof LugEventMap, true> = Object.fromEntries(LUG_EVENT_TYPES.map((t) => [t, true])) as never;
    expect(Object.keys(all).length).toBe(29);
  });

  it('does not compile when a name is left out of the list, or the list names an event the map lacks', () => {
    expect(typeErrorsOfEventsTs((source) => source)).toEqual([]);
    const withoutNotify = (source: string) => {
      const edited = source.replace(/^  notify: true,\n/m, '');
      expect(edited).not.toBe(source);
      return edited;
    };
    expect(typeErrorsOfEventsTs(withoutNotify)).toEqual([expect.stringMatching(/Property 'notify' is missing/)]);
    const withExtra = (source: string) => source.replace(/^  notify: true,\n/m, '  notify: true,\n  turn_begin: true,\n');
    expect(typeErrorsOfEventsTs(withExtra)).toEqual([expect.stringMatching(/'turn_begin' does not exist in type/)]);
  }, 120_000); // three type-checks: seconds on a busy machine

  it('delivers to typed and catch-all subscribers, and unsubscribes', () => {
    const bus = new EventBus();
    const seen: string[] = [];
    const off = bus.on('notify', (e) => seen.push(`notify:${e.message}`));
    bus.onAny((e) => seen.push(`any:${e.type}`));
    bus.emit('notify', { message: 'hi', level: 'info' });
    off();
    bus.emit('notify', { message: 'again', level: 'info' });
    expect(seen).toEqual(['notify:hi', 'any:notify', 'any:notify']);
  });

  it('reports a failing subscriber as an error event without breaking the emitter', () => {
    const bus = new EventBus();
    const errors: string[] = [];
    bus.on('error', (e) => errors.push(e.message));
    bus.on('turn_start', () => {
      throw new Error('boom');
    });
    bus.emit('turn_start', { prompt: 'x' });
    expect(errors).toEqual(['an event listener for turn_start failed: boom']);
  });
});

import { describe, expect, it } from 'vitest';
import { ArgumentError, parseArgs, type JsonSchema } from './json-schema.js';

const bash: JsonSchema = {
  type: 'object',
  properties: {
    command: { type: 'string', description: 'The command line to run.' },
    timeout_secs: { type: 'integer', minimum: 1, maximum: 600, default: 120 },
  },
  required: ['command'],
  additionalProperties: false,
};

describe('argument validation', () => {
  it('accepts valid arguments', () => {
    expect(parseArgs('{"command":"ls","timeout_secs":5}', bash)).toEqual({ command: 'ls', timeout_secs: 5 });
  });

  it('names the argument, the allowed range and what was given', () => {
    expect(() => parseArgs('{"command":"ls","timeout_secs":900}', bash)).toThrow('timeout_secs must be an integer from 1 to 600, got 900');
  });

  it('rejects a wrong type', () => {
    expect(() => parseArgs('{"command":42}', bash)).toThrow('command must be a string, got 42');
  });

  it('reports a missing required argument', () => {
    expect(() => parseArgs('{}', bash)).toThrow('command is required (a string)');
  });

  it('reports an unknown argument and lists the known ones', () => {
    expect(() => parseArgs('{"command":"ls","cmd":"x"}', bash)).toThrow('cmd is not an argument of this tool; its arguments are command, timeout_secs');
  });

  it('reports invalid JSON as such', () => {
    const err = (() => {
      try {
        parseArgs('{"command": "ls"', bash);
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err).toBeInstanceOf(ArgumentError);
    expect(err!.message).toMatch(/^the arguments are not valid JSON/);
  });

  it('treats empty argument text as no arguments', () => {
    expect(parseArgs('', { type: 'object', properties: {} })).toEqual({});
  });

  it('rejects a non-object', () => {
    expect(() => parseArgs('[1]', bash)).toThrow('the arguments must be a JSON object, got [1]');
  });
});

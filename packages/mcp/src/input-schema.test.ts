/** Which server schemas lug offers, what the core and the model see, and the full check before a call. */
import { describe, expect, it } from 'vitest';
import { validateArgs } from '@lug/core';
import { acceptInputSchema, typeListsAsAnyOf } from './input-schema.js';

function accepted(schema: unknown) {
  const result = acceptInputSchema(schema);
  if ('refused' in result) throw new Error(result.refused);
  return result;
}

describe('a server\'s input schema', () => {
  it('is refused when its top level is not an object', () => {
    expect(acceptInputSchema({ type: 'string' })).toEqual({ refused: 'its input schema\'s type is "string"; a tool\'s arguments must be an object ("type": "object")' });
    expect(acceptInputSchema([])).toEqual({ refused: 'its input schema is not a JSON object' });
  });

  it('is refused when it is not a JSON Schema, so it never reaches the model', () => {
    expect(acceptInputSchema({ type: 'object', properties: { a: { type: 'strin' } } })).toMatchObject({ refused: expect.stringMatching(/^its input schema is not a valid JSON Schema: /) });
    expect(acceptInputSchema({ type: 'object', required: 'a' })).toMatchObject({ refused: expect.stringMatching(/not a valid JSON Schema/) });
  });

  it('is refused past 100,000 characters', () => {
    expect(acceptInputSchema({ type: 'object', description: 'x'.repeat(100_001) })).toMatchObject({ refused: expect.stringMatching(/at most 100000 are accepted/) });
  });

  it('has each type list written as the anyOf that means the same, which the core lets through', () => {
    const schema = { type: 'object', properties: { v: { type: ['string', 'null'], description: 'd' }, type: { type: 'string' } }, required: ['v'] };
    const { parameters } = accepted(schema);
    expect(parameters.properties!.v).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }], description: 'd' });
    expect(parameters.properties!.type).toEqual({ type: 'string' });
    expect(validateArgs({ v: null }, parameters)).toEqual([]);
    expect(validateArgs({ v: 'x' }, parameters)).toEqual([]);
  });

  it('keeps a type list beside an anyOf as both conditions', () => {
    expect(typeListsAsAnyOf({ type: ['string', 'number'], anyOf: [{ minLength: 1 }] })).toEqual({ anyOf: [{ minLength: 1 }], allOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }] });
  });

  it('leaves enum and default values alone', () => {
    expect(typeListsAsAnyOf({ enum: [{ type: ['a'] }], default: { type: ['b'] } })).toEqual({ enum: [{ type: ['a'] }], default: { type: ['b'] } });
  });

  it('is checked in full before a call, every keyword (2020-12 unless $schema says draft-07)', () => {
    const { check } = accepted({ type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' }, n: { $ref: '#/$defs/small' } }, $defs: { small: { type: 'integer', maximum: 3 } }, additionalProperties: false });
    expect(check({ id: 'abc', n: 2 })).toEqual([]);
    expect(check({ id: 'ABC', n: 9, extra: 1 })).toEqual(['the arguments include "extra", which the tool does not take', 'id must match pattern "^[a-z]+$"', 'n must be <= 3']);
    const draft7 = accepted({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { type: 'number' } } });
    expect(draft7.check({ a: 'x' })).toEqual(['a must be number']);
  });
});

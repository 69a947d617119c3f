/**
 * A server's input schema, judged before its tool is offered, and checked in
 * full before each call goes to the server.
 *
 * lug's validator in @lug/core knows a subset of JSON Schema (type, properties,
 * required, additionalProperties, items, enum, minimum/maximum,
 * minLength/maxLength) and lets through what it does not know. Servers send
 * more: `type` lists (`["string", "null"]`), anyOf/oneOf, $ref with $defs,
 * format, pattern, const. So:
 *
 * - a schema that is not a JSON Schema (by the meta-schema of its draft:
 *   2020-12 unless `$schema` names draft-07), whose top level is not an
 *   object, or whose JSON is over MAX_SCHEMA_CHARS, is refused: the tool is
 *   not offered, and `:mcp` says why. A malformed schema sent to the model
 *   could fail every request of the session.
 * - the core sees a copy in which each `type` list is written as the
 *   equivalent `anyOf`, which it lets through (it would otherwise refuse
 *   every value). The model is sent that same copy, which means the same.
 * - before a call goes to the server, Ajv checks the arguments against the
 *   server's own schema, every keyword; a schema Ajv cannot compile refuses
 *   the call (fails closed) with the reason.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from '@lug/core';
import { wellFormedJson } from './well-formed.js';

export const MAX_SCHEMA_CHARS = 100_000;

type Draft = 'draft-07' | '2020-12';

let validators: Partial<Record<Draft, Ajv>> = {};

function ajvFor(draft: Draft): Ajv {
  const made = validators[draft];
  if (made) return made;
  const options = { strict: false, allErrors: true, validateFormats: false } as const;
  const ajv = draft === 'draft-07' ? new Ajv(options) : (new Ajv2020(options) as unknown as Ajv);
  validators = { ...validators, [draft]: ajv };
  return ajv;
}

function draftOf(schema: Record<string, unknown>): Draft {
  const named = typeof schema.$schema === 'string' ? schema.$schema : '';
  return /draft-0[4-7]/.test(named) ? 'draft-07' : '2020-12';
}

export interface AcceptedSchema {
  /** What the model is sent and the core validates. */
  parameters: JsonSchema;
  /** Checks arguments against the server's schema in full: the problems, or none. */
  check(args: Record<string, unknown>): string[];
}

/** Accept a server's input schema, or say why it is refused. */
export function acceptInputSchema(schema: unknown): AcceptedSchema | { refused: string } {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return { refused: 'its input schema is not a JSON object' };
  const s = schema as Record<string, unknown>;
  if (s.type !== 'object') return { refused: `its input schema's type is ${JSON.stringify(s.type)}; a tool's arguments must be an object ("type": "object")` };
  let text: string;
  try {
    text = JSON.stringify(s);
  } catch {
    return { refused: 'its input schema cannot be written as JSON' };
  }
  if (text.length > MAX_SCHEMA_CHARS) return { refused: `its input schema is ${text.length} characters of JSON; at most ${MAX_SCHEMA_CHARS} are accepted` };
  const ajv = ajvFor(draftOf(s));
  const { $schema: _ignored, ...withoutDraft } = s;
  if (!ajv.validateSchema(withoutDraft)) return { refused: `its input schema is not a valid JSON Schema: ${ajv.errorsText(ajv.errors)}` };
  let validate: ValidateFunction | undefined;
  let compileError: string | undefined;
  const check = (args: Record<string, unknown>): string[] => {
    if (!validate && compileError === undefined) {
      try {
        validate = ajv.compile(withoutDraft);
      } catch (err) {
        compileError = (err as Error).message;
      }
    }
    if (!validate) return [`the server's input schema cannot be checked (${compileError}), so lug does not send the call`];
    if (validate(args)) return [];
    return (validate.errors ?? []).map(ajvProblem);
  };
  // What the model is sent holds no lone surrogate (well-formed.ts); the check keeps the server's own schema.
  return { parameters: typeListsAsAnyOf(JSON.parse(wellFormedJson(text))) as JsonSchema, check };
}

function ajvProblem(e: ErrorObject): string {
  const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'the arguments';
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'type' && Array.isArray(params.type)) return `${where} must be ${params.type.join(' or ')}`;
  if (e.keyword === 'enum' && Array.isArray(params.allowedValues)) return `${where} must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  if (e.keyword === 'additionalProperties') return `${e.instancePath ? where : 'the arguments'} include ${JSON.stringify(params.additionalProperty)}, which the tool does not take`;
  return `${where} ${e.message ?? 'is not allowed'}`;
}

/** `{ type: ["string", "null"], … }` → `{ anyOf: [{ type: "string" }, { type: "null" }], … }`, everywhere in the schema. */
export function typeListsAsAnyOf(value: unknown, isSchemaMap = false): unknown {
  if (Array.isArray(value)) return value.map((v) => typeListsAsAnyOf(v));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (isSchemaMap) out[key] = typeListsAsAnyOf(v);
    // enum, const, default and examples hold values, not schemas; properties and $defs hold schemas by name.
    else if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') out[key] = v;
    else out[key] = typeListsAsAnyOf(v, SCHEMA_MAPS.has(key));
  }
  if (!isSchemaMap && Array.isArray(out.type)) {
    const anyOf = (out.type as unknown[]).map((t) => ({ type: t }));
    delete out.type;
    if (out.anyOf === undefined) out.anyOf = anyOf;
    else out.allOf = [...(Array.isArray(out.allOf) ? (out.allOf as unknown[]) : []), { anyOf }];
  }
  return out;
}

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

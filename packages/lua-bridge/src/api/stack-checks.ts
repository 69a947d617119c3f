/**
 * Checks for the standard library's functions that work on Lua values where
 * they are (lug.inspect, lug.json.encode, lug.tbl): they read the stack index
 * of an accepted value instead of converting it to JavaScript data.
 */
import { Check, FUNCTION, TABLE, typeCheck } from './checks.js';

/** A table, read as its (absolute) stack index. */
export const tableIndex = typeCheck('table', TABLE, (_vm, _L, idx) => idx);

/** A function, read as its (absolute) stack index. */
export const functionIndex = typeCheck('function', FUNCTION, (_vm, _L, idx) => idx);

/** Any value, nil included, read as its stack index. */
export const valueIndex = new Check<number>('any value', (_vm, _L, idx) => idx);

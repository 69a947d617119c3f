/**
 * Streams and error responses shaped as Anthropic's servers send them, kept as
 * files in fixtures/anthropic/ (each with a note of where its shape comes
 * from), replayed exactly by the scripted server:
 *
 *     const server = await startScriptedServer([anthropicFixture('thinking-text'), …]);
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { replay, type RawStep } from './raw-replay.js';

/** fixtures/anthropic/ of this package (the same from src/ and from dist/). */
export const ANTHROPIC_FIXTURES_DIR = fileURLToPath(new URL('../fixtures/anthropic/', import.meta.url));

/** The fixture `name` (fixtures/anthropic/NAME.http) as a scripted-server step. */
export function anthropicFixture(name: string, options: { eventDelayMs?: number; delayMs?: number } = {}): RawStep {
  return replay(join(ANTHROPIC_FIXTURES_DIR, `${name}.http`), options);
}

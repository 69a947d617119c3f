/**
 * The words of the body of a 200 that is not an event stream, for core's
 * eventsOrWhatCameInstead (which says what came instead of the stream): a
 * JSON body's message in any of the shapes OpenAI-compatible servers use, an
 * HTML page's title (or its text), else the text.
 */
import { pageText, type NotAStreamContext } from '@lug/core';
import { serverMessage } from './openai-errors.js';

/** The words of a body: a JSON body's message, an HTML page's title (or its text), else the text. */
export function wordsOf(text: string): string | undefined {
  try {
    return serverMessage(JSON.parse(text));
  } catch {
    return serverMessage(pageText(text));
  }
}

/** The server as the error names it, and how its bodies' words are read. */
export function openaiServer(official: boolean): NotAStreamContext {
  return { who: official ? 'OpenAI' : 'the OpenAI-compatible server', wordsOf };
}

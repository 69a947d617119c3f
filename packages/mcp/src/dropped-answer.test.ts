/** Which request a dropped over-long line answered, from its two ends, in both SDKs' key orders; a server's own request is never taken for an answer. */
import { describe, expect, it } from 'vitest';
import { droppedAnswerId } from './dropped-answer.js';

describe('the id of a dropped answer', () => {
  it('is the last key in the TypeScript SDK\'s order, and the first in the Python SDK\'s', () => {
    expect(droppedAnswerId('{"result":{"content":[{"type":"text","text":"aaa', 'aaa"}]},"jsonrpc":"2.0","id":7}')).toBe(7);
    expect(droppedAnswerId('{"jsonrpc":"2.0","id":"req-1","result":{"content":[{"type":"text","text":"aaa', 'aaa"}]}}')).toBe('req-1');
  });

  it('is not an id nested in the result, nor that of a request or notification the server sent', () => {
    expect(droppedAnswerId('{"result":{"content":[{"type":"text","text":"aaa', 'aaa"}],"structuredContent":{"id":3}},"jsonrpc":"2.0"}')).toBeUndefined();
    expect(droppedAnswerId('{"method":"sampling/createMessage","params":{"messages":[', '}]},"jsonrpc":"2.0","id":0}')).toBeUndefined();
    expect(droppedAnswerId('this is not JSON', 'nor is this')).toBeUndefined();
  });
});

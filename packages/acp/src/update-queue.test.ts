import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { UpdateQueue } from './update-queue.js';

const chunk = (text: string): SessionUpdate => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });

describe('the updates of a session', () => {
  it('are sent in the order they were queued, an update still being made holding back the later ones', async () => {
    const sent: string[] = [];
    const queue = new UpdateQueue(async (u) => void sent.push((u as { content: { text: string } }).content.text), () => {});
    let release!: (u: SessionUpdate) => void;
    queue.push(chunk('one'));
    queue.push(new Promise<SessionUpdate>((r) => (release = r)));
    queue.push(chunk('three'));
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toEqual(['one']);
    release(chunk('two'));
    await queue.flush();
    expect(sent).toEqual(['one', 'two', 'three']);
  });

  it('skip, with a log line, an update that failed to be made or sent, and go on', async () => {
    const sent: string[] = [];
    const logged: string[] = [];
    const queue = new UpdateQueue(async (u) => {
      const text = (u as { content: { text: string } }).content.text;
      if (text === 'unsendable') throw new Error('the pipe broke');
      sent.push(text);
    }, (m) => logged.push(m));
    queue.push(Promise.reject(new Error('no diff')));
    queue.push(chunk('unsendable'));
    queue.push(chunk('after'));
    await queue.flush();
    expect(sent).toEqual(['after']);
    expect(logged).toEqual(['a session/update could not be sent: no diff', 'a session/update could not be sent: the pipe broke']);
  });
});

/**
 * Prompts a plugin sends to the conversation as if the user typed them
 * (`lug.session.send` in Lua). The front end that runs the conversation
 * serves the inbox: the interface queues a prompt behind a running turn as
 * it does a typed one; `lug -p` runs it after the current turn. With nobody
 * serving (`lug --acp`, where the editor sends the prompts, or before the
 * interface starts) `send` is an error that says so, never a prompt lost.
 */
export type PromptHandler = (prompt: string) => void;

export class PromptInboxError extends Error {
  override name = 'PromptInboxError';
}

export class PromptInbox {
  private handlers: PromptHandler[] = [];

  /** True while a front end takes prompts. */
  get served(): boolean {
    return this.handlers.length > 0;
  }

  /** A front end takes the prompts from now on (the latest one served wins); the function returned stops that. */
  serve(handler: PromptHandler): () => void {
    this.handlers = [...this.handlers, handler];
    return () => {
      this.handlers = this.handlers.filter((h) => h !== handler);
    };
  }

  /** Hand `prompt` to the conversation as if typed; throws when nobody takes prompts. */
  send(prompt: string): void {
    if (typeof prompt !== 'string' || !prompt.trim()) throw new PromptInboxError(`a prompt to send is a non-empty text, got ${typeof prompt === 'string' ? 'an empty one' : typeof prompt}`);
    const handler = this.handlers.at(-1);
    if (!handler) throw new PromptInboxError('nothing takes prompts here: lug.session.send works in the interface and in lug -p, not in lug --acp (the editor sends the prompts) nor while init.lua loads');
    handler(prompt);
  }
}

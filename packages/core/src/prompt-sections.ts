/**
 * Named sections a plugin adds to the system prompt (`lug.prompt.add` in Lua):
 * each is a text, or a function giving the text, rendered at every request
 * after lug's own prompt and AGENTS.md, in the order they were added. Adding
 * a name again replaces that section in place; the remover takes it out.
 */
import type { EventBus } from './events.js';

export type SectionText = string | (() => string);

export interface PromptSection {
  name: string;
  text: SectionText;
}

export class PromptSectionError extends Error {
  override name = 'PromptSectionError';
}

const NAME = /^[A-Za-z0-9_.:-]+$/;

export class PromptSections {
  private sections: PromptSection[] = [];

  constructor(private readonly events?: EventBus) {}

  /** Add (or replace) the section `name`; returns its remover (harmless twice, and it leaves a later replacement alone). */
  add(name: string, text: SectionText): () => void {
    if (typeof name !== 'string' || !NAME.test(name)) {
      throw new PromptSectionError(`a prompt section's name is letters, digits and _ . : -, got ${JSON.stringify(name)}`);
    }
    if (typeof text !== 'string' && typeof text !== 'function') {
      throw new PromptSectionError(`prompt section "${name}" takes a text or a function giving one, got ${text === null ? 'null' : typeof text}`);
    }
    const section: PromptSection = { name, text };
    const at = this.sections.findIndex((s) => s.name === name);
    if (at >= 0) this.sections = this.sections.map((s, i) => (i === at ? section : s));
    else this.sections = [...this.sections, section];
    return () => {
      this.sections = this.sections.filter((s) => s !== section);
    };
  }

  /** The names of the sections, in order. */
  names(): string[] {
    return this.sections.map((s) => s.name);
  }

  /**
   * Each section's text as it is now. A function that throws or returns
   * something other than a string leaves its section out, with an error
   * event that names it; an empty text leaves it out quietly.
   */
  render(): { name: string; text: string }[] {
    const out: { name: string; text: string }[] = [];
    for (const s of this.sections) {
      let text: unknown;
      try {
        text = typeof s.text === 'function' ? s.text() : s.text;
      } catch (err) {
        this.events?.emit('error', { message: `prompt section "${s.name}" failed, so the system prompt goes without it: ${err instanceof Error ? err.message : String(err)}` });
        continue;
      }
      if (typeof text !== 'string') {
        this.events?.emit('error', { message: `prompt section "${s.name}" gave ${text === null || text === undefined ? 'nothing' : typeof text}, not a text, so the system prompt goes without it` });
        continue;
      }
      if (text.trim()) out.push({ name: s.name, text: text.trimEnd() });
    }
    return out;
  }
}

import type { Tool, ToolSpec } from './tool.js';
import { toolSpec } from './tool.js';

export interface RegisteredTool {
  tool: Tool;
  /** Who registered it: "built-in", a plugin's name, "lua:init.lua"... */
  source: string;
}

const NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;

export class ToolRegistryError extends Error {
  override name = 'ToolRegistryError';
}

/** The tools offered to the model, in the order they were registered. */
export class ToolRegistry {
  private tools = new Map<string, RegisteredTool>();

  /**
   * Add a tool. Returns the function that removes it. A name already taken is
   * an error naming who holds it, unless `replace` is set.
   */
  register(tool: Tool, source = 'unknown', opts: { replace?: boolean } = {}): () => void {
    if (!NAME.test(tool.name)) {
      throw new ToolRegistryError(`tool name "${tool.name}" is not allowed: use letters, digits, _ and -, starting with a letter, at most 64 characters`);
    }
    if (typeof tool.description !== 'string' || !tool.description) throw new ToolRegistryError(`tool ${tool.name} needs a description`);
    if (typeof tool.handler !== 'function') throw new ToolRegistryError(`tool ${tool.name} needs a handler function`);
    if (tool.describe !== undefined && typeof tool.describe !== 'function') {
      throw new ToolRegistryError(`tool ${tool.name}: describe must be a function (args, ctx) → { title, paths?, command?, kind? }`);
    }
    if (tool.warm !== undefined && typeof tool.warm !== 'function') throw new ToolRegistryError(`tool ${tool.name}: warm must be a function (ctx) → nothing, or a promise of it`);
    const held = this.tools.get(tool.name);
    if (held && !opts.replace) {
      throw new ToolRegistryError(`a tool named "${tool.name}" is already registered by ${held.source}; choose another name`);
    }
    const entry = { tool: { ...tool, parameters: tool.parameters ?? { type: 'object', properties: {} } }, source };
    this.tools.set(tool.name, entry);
    return () => {
      if (this.tools.get(tool.name) === entry) this.tools.delete(tool.name);
    };
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name)?.tool;
  }

  source(name: string): string | undefined {
    return this.tools.get(name)?.source;
  }

  list(): RegisteredTool[] {
    return [...this.tools.values()];
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  specs(): ToolSpec[] {
    return this.list().map((t) => toolSpec(t.tool));
  }
}

/**
 * A filtered view of a tool registry: the tools a subagent may use, read
 * through from its host's registry (a tool the host removes is gone from the
 * view too). A view registers nothing of its own.
 */
import type { Tool } from './tool.js';
import { ToolRegistry, ToolRegistryError, type RegisteredTool } from './tool-registry.js';

export class ToolView extends ToolRegistry {
  constructor(
    private readonly base: ToolRegistry,
    private readonly allowed: (name: string) => boolean,
  ) {
    super();
  }

  override register(tool: Tool): () => void {
    throw new ToolRegistryError(`a subagent's tools are a view of the host's; register ${tool.name} on the host`);
  }

  override get(name: string): Tool | undefined {
    return this.allowed(name) ? this.base.get(name) : undefined;
  }

  override source(name: string): string | undefined {
    return this.allowed(name) ? this.base.source(name) : undefined;
  }

  override list(): RegisteredTool[] {
    return this.base.list().filter((t) => this.allowed(t.tool.name));
  }

  override names(): string[] {
    return this.base.names().filter(this.allowed);
  }
}

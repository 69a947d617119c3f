import type { Tool } from '@lug/core';

/**
 * A typed identity: `defineTool<{ pattern: string }>({ … })` checks the
 * handler's, preview's and describe's arguments against `Args` and returns the tool as is.
 */
export function defineTool<Args = Record<string, unknown>>(tool: Tool<Args>): Tool<Args> {
  return tool;
}

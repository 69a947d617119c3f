/**
 * `:sandbox [MODE]`: show the sandbox's mode, or set lug.opt.sandbox (the
 * option the policy reads at each call, so the next call has the new mode).
 * Registered by whoever composes lug (the CLI), through the command registry.
 */
import type { Command } from '@lug/core';
import { checkSandboxCanStart, SANDBOX_MODES, type SandboxMode } from './sandbox-options.js';

interface SandboxOptions {
  get<T = unknown>(name: string): T;
  set(name: string, value: unknown): void;
}

const MEANING: Record<SandboxMode, string> = {
  off: 'processes and file tools write wherever you can (approvals are the only guard)',
  workspace: 'writes only inside the project and a private temporary directory; .git and lug\'s configuration stay read-only',
  'read-only': 'no writes at all',
};

function describeMode(options: SandboxOptions): string {
  const mode = options.get<SandboxMode>('sandbox');
  const network = mode === 'off' ? '' : options.get<boolean>('sandbox_network') ? '; network on' : '; network off (lug.opt.sandbox_network)';
  return `sandbox: ${mode}: ${MEANING[mode]}${network}`;
}

export function sandboxCommand(options: SandboxOptions, notify: (message: string, level?: 'info' | 'warn' | 'error') => void, source = 'lug'): Command {
  return {
    name: 'sandbox',
    desc: 'show or set the OS sandbox of commands and file tools: ":sandbox off|workspace|read-only"',
    source,
    complete: (arg) => SANDBOX_MODES.filter((m) => m.startsWith(arg.trim())),
    run(arg) {
      const mode = arg.trim();
      if (!mode) return notify(describeMode(options));
      if (!(SANDBOX_MODES as readonly string[]).includes(mode)) {
        throw new Error(`unknown sandbox mode "${mode}": use one of ${SANDBOX_MODES.join(', ')}`);
      }
      // A mode the sandbox cannot give here is refused with the reason, and the mode stays as it was.
      checkSandboxCanStart(mode as SandboxMode);
      options.set('sandbox', mode);
      notify(describeMode(options), mode === 'off' ? 'warn' : 'info');
    },
  };
}

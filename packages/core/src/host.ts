/**
 * The registries every part of lug reads and writes: tools, options, events,
 * `:commands`, keys, the per-path locks and the hook points that approvals and
 * the interface fill. The TUI and Lua never import each other: both work
 * through this object.
 */
import { CommandRegistry, KeymapRegistry } from './command-registry.js';
import { EventBus, type CallInfo } from './events.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { createOptions, type OptionsStore } from './options.js';
import { PathLocks } from './path-lock.js';
import { ProviderRegistry, type Env } from './provider.js';
import type { CallDescription } from './tool-description.js';
import { ToolRegistry } from './tool-registry.js';

/** A call ready to be authorised: its tool exists, its arguments are valid, and it is described. */
export interface AuthorizeRequest extends CallInfo {
  args: Record<string, unknown>;
  description: CallDescription;
  cwd: string;
}

export type AuthorizeDecision =
  | { allow: true; by: string; reason?: string }
  | { allow: false; by: string; reason: string };

export type Authorizer = (call: AuthorizeRequest, signal: AbortSignal) => Promise<AuthorizeDecision>;

/** What the interface offers; headless, confirm answers false with a notice. */
export interface UiHooks {
  confirm(message: string, signal?: AbortSignal): Promise<boolean>;
  notify(message: string, level?: 'info' | 'warn' | 'error'): void;
  /** True when a person can answer (the TUI); false headless. */
  interactive: boolean;
}

export interface LugHost {
  cwd: string;
  env: Env;
  tools: ToolRegistry;
  options: OptionsStore;
  events: EventBus;
  commands: CommandRegistry;
  keys: KeymapRegistry;
  providers: ProviderRegistry;
  locks: PathLocks;
  limits: Limits;
  /** Decides whether a call may run. Unset: every call runs. Approvals fill it. */
  authorize: Authorizer | undefined;
  ui: UiHooks;
}

export function headlessUi(events: EventBus): UiHooks {
  return {
    interactive: false,
    async confirm(message) {
      events.emit('notify', { message: `confirm answered "no" (headless, nobody can answer): ${message}`, level: 'warn' });
      return false;
    },
    notify(message, level = 'info') {
      events.emit('notify', { message, level });
    },
  };
}

export function createHost(opts: { cwd: string; env?: Env; limits?: Partial<Limits> }): LugHost {
  const events = new EventBus();
  return {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    tools: new ToolRegistry(),
    options: createOptions(events),
    events,
    commands: new CommandRegistry(),
    keys: new KeymapRegistry(),
    providers: new ProviderRegistry(),
    locks: new PathLocks(),
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    authorize: undefined,
    ui: headlessUi(events),
  };
}

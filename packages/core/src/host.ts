/**
 * The registries every part of lug reads and writes: tools, options, events,
 * `:commands`, keys, the per-path locks, and the two hook points, `authorize`
 * (the guard before every tool call) and `ui` (how lug asks and tells the
 * user). Both hook points are set when the host is made and cannot be
 * replaced. The TUI and Lua never import each other: both work through this
 * object.
 */
import { AgentModes } from './agent-modes.js';
import { isAuthorizerFactory, type Authorizer, type AuthorizerFactory } from './authorizer.js';
import { CommandRegistry } from './command-registry.js';
import { KeymapRegistry } from './keymap-registry.js';
import type { EditorFiles } from './editor-files.js';
import { EventBus } from './events.js';
import { HookRegistry } from './hooks.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { createOptions, type OptionsStore } from './options.js';
import { PathLocks } from './path-lock.js';
import { PromptInbox } from './prompt-inbox.js';
import { PromptSections } from './prompt-sections.js';
import { SessionState } from './session-state.js';
import { SessionSpend } from './session-spend.js';
import { ProviderRegistry, type Env } from './provider.js';
import type { CallDescription } from './tool-description.js';
import { ToolRegistry } from './tool-registry.js';
import { warmToolsAtFirstResponse } from './tool-warm-up.js';
import { headlessUi, interactiveUi, type UiHooks } from './ui-hooks.js';

export interface LugHost {
  readonly cwd: string;
  readonly env: Env;
  readonly tools: ToolRegistry;
  readonly options: OptionsStore;
  readonly events: EventBus;
  /** Hooks that change what happens (before_compact...), beside the events that report it. */
  readonly hooks: HookRegistry;
  readonly commands: CommandRegistry;
  readonly keys: KeymapRegistry;
  /** Modes plugins add beside the approval modes (the plan workflow's plan mode), at most one on; an editor offers them as session modes. */
  readonly modes: AgentModes;
  readonly providers: ProviderRegistry;
  readonly locks: PathLocks;
  readonly limits: Limits;
  /** Named sections plugins add to the system prompt (`lug.prompt.add`). */
  readonly prompt: PromptSections;
  /** Prompts plugins send as if typed (`lug.session.send`); the front end serves it. */
  readonly inbox: PromptInbox;
  /** Plugins' state kept in the session file (`lug.session.state`); the session fills and saves it. */
  readonly state: SessionState;
  /** What the conversation has spent, its subagents' requests included (tokens, dollars); the session fills it, lug.opt.max_cost reads it. */
  readonly spend: SessionSpend;
  /** Decides whether a call may run; the scheduler runs nothing it did not allow. Set by createHost, read-only. */
  readonly authorize: Authorizer;
  /** Headless or interactive, chosen by createHost; read-only. */
  readonly ui: UiHooks;
  /** The editor's view of files, when lug runs inside an editor that offers one (`lug --acp`); set by createHost, read-only. */
  readonly files: EditorFiles | undefined;
}

export interface HostOptions {
  cwd: string;
  env?: Env;
  limits?: Partial<Limits>;
  /**
   * Required: the guard every tool call passes. An Authorizer, or a factory
   * (`authorizerFactory(host => …)`) whose `forHost` is called once with the host being made.
   * lug uses approvals (`createHostWithApprovals` in @lug/approvals); tests
   * and examples may pass `allowAll`.
   */
  authorize: Authorizer | AuthorizerFactory;
  /** True when an interface will serve confirms (`host.ui.confirms`); default false: headless. */
  interactive?: boolean;
  /** Read and write files' text through the editor (see EditorFiles); default: the disk. */
  files?: EditorFiles;
}

export class HostError extends Error {
  override name = 'HostError';
}

const AUTHORIZE_HELP =
  'createHost needs authorize, the guard every tool call passes: approvals (createHostWithApprovals from @lug/approvals), or allowAll from @lug/core in tests and examples';

function shown(value: unknown): string {
  return value === null ? 'null' : typeof value === 'function' ? 'a function' : typeof value;
}

/** A property that reads `get()` and refuses every assignment with a message that says why. */
function hookPoint<T>(host: object, name: string, get: () => T, why: string): void {
  Object.defineProperty(host, name, {
    enumerable: true,
    configurable: false,
    get,
    set() {
      throw new HostError(`host.${name} cannot be replaced: ${why}`);
    },
  });
}

export function createHost(opts: HostOptions): LugHost {
  if (!opts || typeof opts !== 'object') throw new HostError(`createHost takes { cwd, env?, limits?, authorize, interactive?, files? }, got ${shown(opts)}`);
  const authorize: unknown = opts.authorize;
  if (typeof authorize !== 'function' && !isAuthorizerFactory(authorize)) {
    throw new HostError(`${AUTHORIZE_HELP}; got ${authorize === undefined ? 'none' : shown(authorize)}`);
  }
  const events = new EventBus();
  const options = createOptions(events);
  const ui = opts.interactive ? interactiveUi(events) : headlessUi(events);
  let authorizer: Authorizer | undefined;
  const host = {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    tools: new ToolRegistry(),
    options,
    events,
    hooks: new HookRegistry(events),
    commands: new CommandRegistry(),
    keys: new KeymapRegistry(),
    modes: new AgentModes(),
    providers: new ProviderRegistry({ option: (name) => (options.has(name) ? options.get(name) : undefined) }),
    locks: new PathLocks(),
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    prompt: new PromptSections(events),
    inbox: new PromptInbox(),
    state: new SessionState(),
    spend: new SessionSpend(),
  } as LugHost;
  hookPoint(host, 'ui', () => ui, 'it is chosen when the host is made (createHost({ interactive })); an interface serves host.ui.confirms');
  // Until the factory returns, there is no authorizer: a call made meanwhile is refused.
  hookPoint(host, 'authorize', () => authorizer as Authorizer, 'it is set when the host is made (createHost({ authorize })); add rules and approvers to approvals instead');
  const files = opts.files;
  hookPoint(host, 'files', () => files, 'it is set when the host is made (createHost({ files })), by the editor protocol that offers it');
  Object.freeze(host);
  warmToolsAtFirstResponse(host);
  const made: unknown = isAuthorizerFactory(authorize) ? authorize.forHost(host) : authorize;
  if (typeof made !== 'function') throw new HostError(`the authorizer factory given to createHost returned ${shown(made)}, not an authorizer`);
  authorizer = made as Authorizer;
  return host;
}

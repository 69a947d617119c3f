/**
 * What a plugin's `setup(lug)` receives: the parts of the host a plugin
 * needs (tools, options, commands, keys, events, notices), and nothing that
 * reaches the guard. There is no `authorize`, no approvals and no way to
 * replace `ui`; options the plugin did not define (such as `approval`) it may
 * read but not set. Everything it registers is undone when it unloads.
 */
import type { Command } from './command-registry.js';
import type { KeyBinding } from './keymap-registry.js';
import type { EventOf, LugEvent, LugEventType } from './events.js';
import type { LugHost } from './host.js';
import type { Limits } from './limits.js';
import type { OptionDef } from './options.js';
import type { Env } from './provider.js';
import type { Tool, ToolSpec } from './tool.js';
import type { NoticeLevel } from './ui-hooks.js';

export interface PluginApi {
  /** The project directory. */
  readonly cwd: string;
  readonly env: Env;
  readonly limits: Limits;
  readonly tools: {
    /** Add a tool, as the plugin's `tools` field does. Returns the function that removes it. */
    register(tool: Tool): () => void;
    get(name: string): Tool | undefined;
    names(): string[];
    specs(): ToolSpec[];
  };
  readonly options: {
    /** Define an option of the plugin's own: it appears in `lug.opt` and in `lug.docs`. */
    define<T>(def: OptionDef<T>): void;
    has(name: string): boolean;
    get<T = unknown>(name: string): T;
    /** Set an option the plugin defined; the others belong to the user's Lua. */
    set(name: string, value: unknown): void;
    onChange(fn: (name: string, value: unknown, previous: unknown) => void): () => void;
  };
  readonly commands: { register(command: Command): () => void };
  readonly keys: { set(binding: KeyBinding): () => void };
  readonly events: {
    on<K extends LugEventType>(type: K, fn: (event: EventOf<K>) => void): () => void;
    onAny(fn: (event: LugEvent) => void): () => void;
  };
  readonly ui: {
    /** True when a person can answer a confirm. */
    readonly interactive: boolean;
    notify(message: string, level?: NoticeLevel): void;
    confirm(message: string, signal?: AbortSignal): Promise<boolean>;
  };
}

export class PluginApiError extends Error {
  override name = 'PluginApiError';
}

/**
 * A frozen object that refuses every change with an error saying what the
 * plugin may do: setting `lug.authorize` (or anything else) is an error, not
 * a silent no-op. Reading a field the API does not have gives undefined.
 */
function guarded<T extends object>(plugin: string, path: string, api: T): T {
  const frozen = Object.freeze(api);
  const fields = Object.keys(api).join(', ');
  const refuse = (key: PropertyKey, doing: string): never => {
    const name = `${path}.${String(key)}`;
    if (key === 'authorize' || key === 'approvals') {
      throw new PluginApiError(`plugin ${plugin} cannot ${doing} ${name}: approvals guard every tool call and no plugin can replace or remove them (the user adds rules in Lua: lug.tool.rule)`);
    }
    throw new PluginApiError(`plugin ${plugin} cannot ${doing} ${name}: ${path} offers ${fields}`);
  };
  return new Proxy(frozen, {
    set: (_target, key) => refuse(key, 'set'),
    defineProperty: (_target, key) => refuse(key, 'define'),
    deleteProperty: (_target, key) => refuse(key, 'delete'),
    setPrototypeOf: () => refuse('__proto__', 'set'),
  });
}

/**
 * The API for one plugin's setup. `track` receives the remover of every
 * registration, so unloading the plugin takes them all back.
 */
export function createPluginApi(host: LugHost, plugin: string, track: (remove: () => void) => () => void): PluginApi {
  const own = new Set<string>();
  const g = <T extends object>(path: string, api: T) => guarded(plugin, path, api);
  return g('lug', {
    cwd: host.cwd,
    env: host.env,
    limits: host.limits,
    tools: g('lug.tools', {
      register: (tool: Tool) => track(host.tools.register(tool, plugin)),
      get: (name: string) => host.tools.get(name),
      names: () => host.tools.names(),
      specs: () => host.tools.specs(),
    }),
    options: g('lug.options', {
      define<T>(def: OptionDef<T>) {
        host.options.define(def);
        own.add(def.name);
      },
      has: (name: string) => host.options.has(name),
      get: <T = unknown>(name: string) => host.options.get<T>(name),
      set(name: string, value: unknown) {
        if (!own.has(name) && host.options.has(name)) {
          throw new PluginApiError(`plugin ${plugin} cannot set option ${name}: a plugin sets only the options it defined${own.size ? ` (${[...own].join(', ')})` : ''}; ${name} belongs to the user (lug.opt.${name} in init.lua)`);
        }
        host.options.set(name, value);
      },
      onChange: (fn: (name: string, value: unknown, previous: unknown) => void) => track(host.options.onChange(fn)),
    }),
    commands: g('lug.commands', { register: (command: Command) => track(host.commands.register(command)) }),
    keys: g('lug.keys', { set: (binding: KeyBinding) => track(host.keys.set(binding)) }),
    events: g('lug.events', {
      on: <K extends LugEventType>(type: K, fn: (event: EventOf<K>) => void) => track(host.events.on(type, fn)),
      onAny: (fn: (event: LugEvent) => void) => track(host.events.onAny(fn)),
    }),
    ui: g('lug.ui', {
      interactive: host.ui.interactive,
      notify: (message: string, level?: NoticeLevel) => host.ui.notify(message, level),
      confirm: (message: string, signal?: AbortSignal) => host.ui.confirm(message, signal),
    }),
  }) as PluginApi;
}

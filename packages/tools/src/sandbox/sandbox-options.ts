/**
 * The sandbox's options (`lug.opt.sandbox`, `lug.opt.sandbox_network`): they
 * belong to the process layer, so @lug/tools defines them and whoever makes
 * a host for lug adds them (the CLI does, beside the interface's options).
 * They are read at every call, so `:sandbox MODE` changes the next call.
 *
 * Setting the option itself checks nothing (an option's parse stays pure):
 * a sandboxed mode on a machine without the sandbox makes every process
 * call fail with the reason, never run unsandboxed. `checkSandboxCanStart`
 * is the early check: lug runs it at start-up for the mode init.lua and
 * `--sandbox` chose (refusing to start), and `:sandbox` before it sets one.
 */
import { enumOption, type OptionDef } from '@lug/core';
import { sandboxLauncher } from './sandbox-launcher.js';

export const SANDBOX_MODES = ['off', 'workspace', 'read-only'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export const SANDBOX_OPTION = enumOption(
  'sandbox',
  SANDBOX_MODES,
  'off',
  'Where the processes lug starts for the model (bash, lug.proc.run, lug.proc.spawn) may write, enforced by the operating system (bubblewrap on Linux, Seatbelt on macOS) under the approval rules: "off" (anywhere you can), "workspace" (only inside the project and a private temporary directory; the project\'s .git and lug\'s configuration directory stay read-only), "read-only" (nowhere). write and edit keep the same boundary. A sandbox that cannot start is an error, never an unsandboxed run.',
);

export const SANDBOX_NETWORK_OPTION: OptionDef<boolean> = {
  name: 'sandbox_network',
  allowed: 'true or false',
  default: false,
  description: 'Whether sandboxed processes may use the network (lug.opt.sandbox "workspace" or "read-only"). false: they get a network of their own with nothing in it, so every connection fails, to local servers too. No effect while the sandbox is off.',
  parse: (v) => (typeof v === 'boolean' ? v : undefined),
};

export const SANDBOX_OPTIONS: OptionDef<any>[] = [SANDBOX_OPTION, SANDBOX_NETWORK_OPTION];

interface DefinableOptions {
  has(name: string): boolean;
  define<T>(def: OptionDef<T>): void;
}

/** Define the sandbox's options on a host's store, once (a second call changes nothing). */
export function defineSandboxOptions(options: DefinableOptions): void {
  for (const def of SANDBOX_OPTIONS) if (!options.has(def.name)) options.define(def);
}

/** Throws the SandboxError saying why, when `mode` is sandboxed and the sandbox cannot start on this machine. */
export function checkSandboxCanStart(mode: SandboxMode): void {
  if (mode !== 'off') sandboxLauncher();
}

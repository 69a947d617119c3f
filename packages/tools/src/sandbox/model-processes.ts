/**
 * The one place the processes lug starts for the model get the OS sandbox:
 * bash (plugins/bash), `lug.proc.run` and `lug.proc.spawn` (lua-bridge) and
 * MCP stdio servers (the CLI's wrapper of @lug/mcp) all start them through
 * `modelProcesses(host)`. Each start reads the host's policy then
 * (lug.opt.sandbox, sandbox_network: `:sandbox MODE` changes the next one),
 * and a caller's own `sandbox` option is replaced by it, never merged: no
 * caller can loosen the policy the user chose, nor forget it.
 */
import { runProcess, spawnProcess, type ProcessCommand, type ProcessHandle, type ProcessOptions, type ProcessResult } from '../process/run-process.js';
import { sandboxPolicy, type SandboxPolicy, type SandboxSource } from './sandbox-policy.js';

/** A model's process takes every option but `sandbox`: the host's policy decides that. */
export type ModelProcessOptions = Omit<ProcessOptions, 'sandbox'>;

export interface ModelProcesses {
  /** Run to the end, under the host's sandbox policy at this moment. */
  run(command: ProcessCommand, opts?: ModelProcessOptions): Promise<ProcessResult>;
  /** Start, under the host's sandbox policy at this moment. */
  spawn(command: ProcessCommand, opts?: ModelProcessOptions): ProcessHandle;
  /** The policy the next process gets (null: the sandbox is off). */
  policy(): SandboxPolicy | null;
}

export function modelProcesses(source: SandboxSource): ModelProcesses {
  const policy = () => sandboxPolicy(source);
  // The policy goes last: a `sandbox` a caller passed anyway (untyped code) never wins.
  const confined = (opts: ModelProcessOptions = {}): ProcessOptions => ({ ...opts, sandbox: policy() });
  return {
    run: (command, opts) => runProcess(command, confined(opts)),
    spawn: (command, opts) => spawnProcess(command, confined(opts)),
    policy,
  };
}

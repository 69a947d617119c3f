/**
 * The public shapes of @lug/approvals. The Lua bridge registers Lua rules and
 * approvers through exactly these; the TUI draws the queue and answers it.
 */
import type { BashPart } from './bash-part.js';
import type { ApprovalMode, AuthorizeDecision, AuthorizeRequest, CallDescription, PathAccess, ToolKind } from '@lug/core';

export type Verdict = 'allow' | 'ask' | 'deny';

/** A path the call declares, as a rule sees it. */
export interface RulePath {
  /** As the tool sees it (the model's argument). */
  path: string;
  access: PathAccess;
  /** Absolute, symlinks followed (a file about to be made: its nearest existing ancestor's). */
  abs_path: string;
}

/** What a rule is told about the call beside its arguments. */
export interface RuleCall {
  tool: string;
  id: string;
  cwd: string;
  /** What kind of call it is, from the tool's description (read, edit, delete, move, search, execute, fetch, other): rules judge by it rather than by tool names. */
  kind: ToolKind;
  /**
   * The path this run of the rule judges: a call that declares paths runs each
   * rule once per path, with this set to it. Unset for a call that declares none.
   */
  abs_path?: string;
  /** Every path the call declares (empty when it declares none). */
  paths: RulePath[];
}

/** A verdict, a verdict with a reason, or nothing (no opinion). */
export type RuleAnswer = Verdict | { verdict: Verdict; reason?: string } | undefined | null | void;

/** `signal` aborts when the turn is cancelled: a rule that waits (on the user, say) should stop. */
export type RuleFn = (args: Record<string, unknown>, call: RuleCall, signal?: AbortSignal) => RuleAnswer | Promise<RuleAnswer>;

export interface RuleOptions {
  /** Where the rule came from, for the log and the dialog: "init.lua:12", "plugin foo". */
  source?: string;
  /** Calls and what the rule must answer for them, checked when the rule is made (see `RuleExamples`). */
  examples?: RuleExamples;
}

/** What a rule is expected to answer for an example: a verdict, or "none" for no opinion. */
export type ExampleVerdict = Verdict | 'none';

/**
 * A rule's examples: each key is a call, each value what the rule alone must
 * answer for it. A key that is a JSON object is the call's arguments
 * (`'{"path": ".env"}'`); any other key is a command line, given as the
 * `command` argument and judged part by part. For a line of several parts the
 * rule's answer is "deny" if it denied a part, else "ask" if it asked for one,
 * else "allow" if it allowed every part, else "none".
 */
export type RuleExamples = Record<string, ExampleVerdict>;

/** A rule that spoke while a call was checked: its verdict (or failure) and the part it judged. */
export interface RuleFinding {
  source: string;
  verdict: Verdict | 'failed';
  reason?: string;
  /** The part's text, for a call judged part by part. */
  part?: string;
}

/** A call to check: the tool and its arguments (`cwd` defaults to the host's). */
export interface CheckCall {
  tool: string;
  args: Record<string, unknown>;
  cwd?: string;
}

/** What `check` found: what lug would do now, which rules spoke, and the parts they saw. */
export interface RuleCheck {
  /** "ask" is what a call that asks gets: the dialog, or a refusal headless. Approvers are not asked. */
  decision: Verdict;
  /** Who decided, as in the log: `rule:<source>`, `allowed-always`, `mode:off`, `mode:policy`, or `default` (the tool asks by default). */
  by: string;
  reason?: string;
  /** Every rule that gave a verdict or failed, in the order they ran (a "deny" stops the rest, as when deciding). */
  findings: RuleFinding[];
  /** The parts of a command line, as the rules saw them; absent for a call judged whole. */
  parts?: BashPart[];
  /** Why the command line could not be split with certainty (it asks in policy mode). */
  incomplete?: string;
}

/** What the dialog shows for a call; every string already has control characters made visible. */
export interface Preview {
  kind: 'diff' | 'command' | 'args';
  text: string;
}

/** A call as approvers and the dialog see it. */
export interface ApprovalCall {
  tool: string;
  args: Record<string, unknown>;
  id: string;
  /** What the call is about (its title, paths, command line), as the core described it. */
  description: CallDescription;
  /** The reason a rule gave for asking, if any. */
  reason?: string;
  /** The label of the subagent that made the call ("explore"), shown in the dialog; absent for the main conversation's calls. */
  agent?: string;
}

/** What a key in the dialog means: y, A, n, m (with message), Esc (deny, no message). */
export type DialogAnswer = { kind: 'allow' } | { kind: 'always' } | { kind: 'deny'; message?: string };

/** What an approver (lug.session.approve) returns: a dialog answer, or nothing to pass. */
export type ApproverAnswer = 'allow' | 'always' | 'deny' | { verdict: 'deny'; message?: string } | undefined | null | void;

export type Approver = (call: ApprovalCall, preview: Preview) => ApproverAnswer | Promise<ApproverAnswer>;

/** One call waiting in the dialog queue. */
export interface PendingApproval {
  call: ApprovalCall;
  preview: Preview;
  /** When it joined the queue (ms since epoch). */
  since: number;
}

/** Calls that ask wait here and are shown one at a time, oldest first. */
export interface ApprovalQueueView {
  /** The call the dialog shows now. */
  current(): PendingApproval | undefined;
  pending(): PendingApproval[];
  /** Answer a waiting call by id; the next one becomes current. */
  answer(callId: string, answer: DialogAnswer): void;
  /** Called whenever the queue changes. Returns the function that unsubscribes. */
  onChange(fn: () => void): () => void;
}

export interface Approvals {
  /**
   * Add a rule with examples: they are checked first (the rule runs on each),
   * and the rule is added only if it answers every one as given; otherwise the
   * promise rejects with an error naming the rule's source, each failing
   * example, what was expected and what the rule answered. Resolves to the remover.
   */
  rule(tool: string, rule: RuleFn | Verdict, opts: RuleOptions & { examples: RuleExamples }): Promise<() => void>;
  /** Add a rule for a tool or "*"; returns the function that removes it. `null` removes all of the tool's rules. */
  rule(tool: string, rule: RuleFn | Verdict | null, opts?: RuleOptions & { examples?: undefined }): () => void;
  /**
   * Run the rules on a call without running it, asking anyone or logging it:
   * the decision lug would make now, every rule that spoke with its source,
   * and the parts of a command line. What `lug rules check` and `:rules test` print.
   */
  check(call: CheckCall, signal?: AbortSignal): Promise<RuleCheck>;
  /** Add an approver that may answer in the dialog's place; returns the function that removes it. */
  approve(fn: Approver, opts?: RuleOptions): () => void;
  /** The decision for a call: the authorizer of the host (createHostWithApprovals makes the host with it). */
  decide(call: AuthorizeRequest, signal: AbortSignal): Promise<AuthorizeDecision>;
  /** What the dialog would show for a call. */
  preview(call: AuthorizeRequest): Promise<Preview>;
  queue: ApprovalQueueView;
  allowedAlways: { list(): string[]; clear(): void; add(tool: string): void; has(tool: string): boolean };
  /** The current approval mode (the `approval` option). */
  mode(): ApprovalMode;
  /** Auto mode on: approval "off", remembering the mode it replaced; off: restore it ("policy" if it was "off"). */
  toggleAuto(): void;
  isAuto(): boolean;
  /**
   * Refuse auto mode for the rest of the process, because `reason` (lug calls it
   * when init.lua or a plugin failed to load, so rules may be missing): approval
   * "off" becomes "policy", and `toggleAuto` throws an `AutoModeRefused` saying
   * why instead of turning it on.
   */
  refuseAuto(reason: string): void;
  /** Why auto mode is refused, or undefined. */
  autoRefusal(): string | undefined;
  /** Where decisions are logged. */
  readonly logPath: string;
  /** Stop listening to the options and close the log; `decide` refuses every call from then on. */
  dispose(): void;
}

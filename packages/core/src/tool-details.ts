/**
 * What a result was, for interfaces, beside the text the model reads: typed by
 * the kind of result (a command's, a file change's, a search's...), never by
 * the tool that produced it, so any tool may return them and an interface
 * never parses a tool's text. They ride on `tool_result` and are stored in the
 * session with the result.
 */

/** A shell command that ran (or was killed). Line counts are of the output in the result. */
export interface CommandDetails {
  kind: 'command';
  /** null when a signal killed it. */
  exitCode: number | null;
  /** The signal that killed it ("SIGKILL"), else null. */
  signal: string | null;
  /** Killed because it ran past its timeout. */
  timedOut: boolean;
  /** Killed because the turn was cancelled. */
  cancelled: boolean;
  stdoutLines: number;
  stderrLines: number;
}

/** A file created or changed. */
export interface FileChangeDetails {
  kind: 'file_change';
  /** As shown to the model: relative to the working directory when under it. */
  path: string;
  created: boolean;
  linesAdded: number;
  linesRemoved: number;
}

/** A file's lines read. */
export interface FileReadDetails {
  kind: 'file_read';
  path: string;
  /** The first line shown (1-based) and how many were shown, of how many the file has. */
  firstLine: number;
  linesShown: number;
  totalLines: number;
}

/** Matches found in files. */
export interface SearchDetails {
  kind: 'search';
  /** Matching lines in the result, in how many files. */
  matches: number;
  files: number;
  /** True when there were more matches than the result holds. */
  cut: boolean;
}

/** Entries of a directory (or files matching a glob). */
export interface ListingDetails {
  kind: 'listing';
  /** How many there are, and how many the result shows. */
  entries: number;
  shown: number;
}

export type ToolDetails = CommandDetails | FileChangeDetails | FileReadDetails | SearchDetails | ListingDetails;

export const DETAIL_KINDS: readonly ToolDetails['kind'][] = ['command', 'file_change', 'file_read', 'search', 'listing'];

type FieldType = 'count' | 'string' | 'boolean' | 'int|null' | 'string|null';

const FIELDS: { [K in ToolDetails['kind']]: Record<Exclude<keyof Extract<ToolDetails, { kind: K }>, 'kind'>, FieldType> } = {
  command: { exitCode: 'int|null', signal: 'string|null', timedOut: 'boolean', cancelled: 'boolean', stdoutLines: 'count', stderrLines: 'count' },
  file_change: { path: 'string', created: 'boolean', linesAdded: 'count', linesRemoved: 'count' },
  file_read: { path: 'string', firstLine: 'count', linesShown: 'count', totalLines: 'count' },
  search: { matches: 'count', files: 'count', cut: 'boolean' },
  listing: { entries: 'count', shown: 'count' },
};

const WANTED: Record<FieldType, string> = {
  count: 'a whole number from 0',
  string: 'a string',
  boolean: 'true or false',
  'int|null': 'an integer or null',
  'string|null': 'a string or null',
};

function fits(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'count':
      return Number.isInteger(value) && (value as number) >= 0;
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'int|null':
      return value === null || Number.isInteger(value);
    case 'string|null':
      return value === null || typeof value === 'string';
  }
}

/**
 * Check details a handler returned: the checked copy (only the known fields),
 * or a sentence saying what is wrong. Interfaces draw them, so nothing
 * malformed gets through.
 */
export function checkDetails(raw: unknown): { details: ToolDetails } | { problem: string } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { problem: `details must be an object with a kind, got ${JSON.stringify(raw) ?? String(raw)}` };
  const kind = (raw as { kind?: unknown }).kind;
  if (!DETAIL_KINDS.includes(kind as ToolDetails['kind'])) {
    return { problem: `details.kind must be one of ${DETAIL_KINDS.join(', ')}, got ${JSON.stringify(kind) ?? 'nothing'}` };
  }
  const fields = FIELDS[kind as ToolDetails['kind']] as Record<string, FieldType>;
  const out: Record<string, unknown> = { kind };
  for (const [name, type] of Object.entries(fields)) {
    const value = (raw as Record<string, unknown>)[name];
    if (!fits(value, type)) return { problem: `details.${name} of a ${kind} result must be ${WANTED[type]}, got ${JSON.stringify(value) ?? 'nothing'}` };
    out[name] = value;
  }
  return { details: out as unknown as ToolDetails };
}

/**
 * The checkpoints' options: `lug.opt.checkpoints` (on or off),
 * `checkpoint_max_file_size` (bytes: larger files are left out),
 * `checkpoint_max_age` (days) and `checkpoint_max_size` (bytes of the shadow
 * repository). Whoever makes a host for lug defines them (the CLI does).
 */
import type { OptionDef } from '@lug/core';

function positiveNumber(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;
}

export const CHECKPOINT_OPTIONS: OptionDef<any>[] = [
  {
    name: 'checkpoints',
    allowed: 'true or false',
    default: true,
    description: "Whether lug keeps a checkpoint of the project's files before each turn (in a git repository of its own under $XDG_STATE_HOME/lug/checkpoints, never the project's), for :undo, :redo, :rewind and lug rewind. Read at each turn.",
    parse: (v) => (typeof v === 'boolean' ? v : undefined),
  },
  {
    name: 'checkpoint_max_file_size',
    allowed: 'a number of bytes greater than 0',
    default: 2 * 1024 * 1024,
    description: 'Files larger than this many bytes are left out of checkpoints (and said so once): a restore does not bring them back.',
    parse: positiveNumber,
  },
  {
    name: 'checkpoint_max_age',
    allowed: 'a number of days greater than 0',
    default: 7,
    description: 'Checkpoints older than this many days are pruned when lug starts (the newest is always kept).',
    parse: positiveNumber,
  },
  {
    name: 'checkpoint_max_size',
    allowed: 'a number of bytes greater than 0',
    default: 1024 * 1024 * 1024,
    description: "The most a project's checkpoint repository may hold: past it, the oldest checkpoints are pruned when lug starts.",
    parse: positiveNumber,
  },
];

interface DefinableOptions {
  has(name: string): boolean;
  define<T>(def: OptionDef<T>): void;
}

/** Define the checkpoints' options on a host's store, once. */
export function defineCheckpointOptions(options: DefinableOptions): void {
  for (const def of CHECKPOINT_OPTIONS) if (!options.has(def.name)) options.define(def);
}

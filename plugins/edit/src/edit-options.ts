/** The edit plugin's option, defined on the host when the plugin loads (`lug.opt.edit_max_bytes`). */
import { integerOption } from '@lug/tools';

/**
 * 256 MiB. An edit holds the file in memory once (and the dialog's diff, the
 * old and new text), so past this a file is better changed with bash.
 */
export const DEFAULT_EDIT_MAX_BYTES = 256 * 1024 * 1024;
/** Under V8's longest string (2^29 - 24 characters), which the dialog's diff and the no-match hint decode to. */
const MOST_EDIT_MAX_BYTES = 500 * 1024 * 1024;

export const EDIT_MAX_BYTES_OPTION = integerOption(
  'edit_max_bytes',
  1,
  MOST_EDIT_MAX_BYTES,
  DEFAULT_EDIT_MAX_BYTES,
  'The largest file edit changes, in bytes (default 256 MiB); a larger one is refused with an error that says to use bash.',
);

/**
 * The one error the file helpers throw on purpose. It is a ToolError, so a tool
 * can let it through and the model reads its message as is; `reason` lets a
 * tool rephrase a case (edit says "use write" for a missing file).
 */
import { ToolError } from '@lug/core';

export type FileErrorReason =
  | 'missing'
  | 'directory'
  | 'not_file'
  | 'binary'
  | 'not_utf8'
  | 'permission'
  | 'symlink_loop'
  | 'parent_not_directory'
  | 'path_changed'
  | 'bad_path'
  | 'not_writable';

export class FileError extends ToolError {
  constructor(
    readonly reason: FileErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The argument that says what a call does (the command, the path, the
 * pattern), for one-line summaries: the TUI's tool lines and dialog title,
 * the headless printer's stderr lines.
 */
export function mainArgument(tool: string, args: Record<string, unknown> | undefined, argsText: string): string {
  if (!args) return argsText;
  const str = (k: string) => (typeof args[k] === 'string' ? (args[k] as string) : undefined);
  if (tool === 'bash') return str('command') ?? argsText;
  if (tool === 'grep') {
    const pattern = str('pattern') ?? '';
    const where = [str('path'), str('glob')].filter(Boolean).join(' ');
    return where ? `${pattern}  ${where}` : pattern;
  }
  if (tool === 'ls') return [str('path') ?? '.', str('glob')].filter(Boolean).join(' ');
  const path = str('path') ?? str('file') ?? str('file_path');
  if (path) return path;
  const firstString = Object.values(args).find((v): v is string => typeof v === 'string');
  if (firstString !== undefined) return firstString;
  return argsText === '{}' ? '' : argsText;
}

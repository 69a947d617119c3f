/**
 * The interface's highlight groups: the colours of the transcript, the dialog
 * and the status line, each settable from Lua (`lug.hl.set("prompt", { fg =
 * "magenta", bold = true })`). The set styles are the `highlights` option (a
 * table from group to style, checked here); a group not in it has its default.
 * Tiny and without ink, so the CLI defines the option headless too.
 */
import type { OptionDef } from '@lug/core';

export interface HighlightStyle {
  /** A colour name ("red", "cyanBright", "gray") or "#rrggbb". */
  fg?: string;
  bg?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  dim?: boolean;
}

export type HighlightGroup = keyof typeof HIGHLIGHT_GROUPS;

export const HIGHLIGHT_GROUPS = {
  prompt: { desc: 'the › marker before a prompt, in the transcript and the input', default: { fg: 'cyan', bold: true } },
  prompt_text: { desc: "a prompt's text in the transcript", default: { bold: true } },
  reasoning: { desc: "the model's reasoning", default: { dim: true, italic: true } },
  notice_info: { desc: "the mark of an information line (command output, lug's notes)", default: { dim: true } },
  notice_warn: { desc: 'warnings', default: { fg: 'yellow' } },
  notice_error: { desc: 'errors', default: { fg: 'red' } },
  dialog_border: { desc: "the approval dialog's border", default: { fg: 'yellow' } },
  dialog_title: { desc: "the tool's name in the dialog's title", default: { fg: 'yellow', bold: true } },
  diff_add: { desc: 'added lines of a diff', default: { fg: 'green' } },
  diff_remove: { desc: 'removed lines of a diff', default: { fg: 'red' } },
  status: { desc: "the status line's text", default: { dim: true } },
  status_model: { desc: 'the model in the status line', default: { fg: 'cyan' } },
  status_auto: { desc: 'AUTO in the status line while auto mode is on', default: { fg: 'white', bg: 'red', bold: true } },
} as const satisfies Record<string, { desc: string; default: HighlightStyle }>;

export type Highlights = Readonly<Record<HighlightGroup, HighlightStyle>>;

const BASE_COLOURS = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];
/** The colour names the terminal styling library (chalk, through ink) knows. */
export const COLOUR_NAMES: readonly string[] = [...BASE_COLOURS, ...BASE_COLOURS.map((c) => `${c}Bright`), 'gray', 'grey'];

const STYLE_FLAGS = ['bold', 'italic', 'underline', 'dim'] as const;

function checkColour(value: unknown, where: string): string {
  if (typeof value === 'string' && (COLOUR_NAMES.includes(value) || /^#[0-9a-f]{6}$/i.test(value))) return value;
  throw new Error(`${where} must be a colour name (${COLOUR_NAMES.join(', ')}) or "#rrggbb", got ${JSON.stringify(value)}`);
}

/** A style as given (from Lua), checked: unknown fields and bad colours are errors. */
export function checkStyle(value: unknown, group: string): HighlightStyle {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`highlight ${group} must be a table of fg, bg, ${STYLE_FLAGS.join(', ')}`);
  const style: HighlightStyle = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'fg' || key === 'bg') style[key] = checkColour(v, `highlight ${group}.${key}`);
    else if ((STYLE_FLAGS as readonly string[]).includes(key)) {
      if (typeof v !== 'boolean') throw new Error(`highlight ${group}.${key} must be true or false, got ${JSON.stringify(v)}`);
      style[key as (typeof STYLE_FLAGS)[number]] = v;
    } else throw new Error(`highlight ${group}: unknown field "${key}"; the fields are: fg, bg, ${STYLE_FLAGS.join(', ')}`);
  }
  return style;
}

function checkHighlights(value: unknown): Partial<Highlights> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('highlights must be a table from group to style');
  const out: Partial<Record<HighlightGroup, HighlightStyle>> = {};
  for (const [group, style] of Object.entries(value as Record<string, unknown>)) {
    if (!(group in HIGHLIGHT_GROUPS)) throw new Error(`unknown highlight group "${group}"; the groups are: ${Object.keys(HIGHLIGHT_GROUPS).join(', ')}`);
    out[group as HighlightGroup] = checkStyle(style, group);
  }
  return out;
}

export const HIGHLIGHTS_OPTION: OptionDef<Partial<Highlights> | null> = {
  name: 'highlights',
  allowed: 'a table from highlight group to style ({ fg, bg, bold, italic, underline, dim }), or nil',
  default: null,
  description: `The interface's colours, by highlight group; lug.hl.set(group, style) sets one. A style has fg and bg (a colour name or "#rrggbb") and bold, italic, underline, dim (true or false); a group not given keeps its default. The groups: ${Object.entries(HIGHLIGHT_GROUPS)
    .map(([g, { desc }]) => `${g} (${desc})`)
    .join(', ')}.`,
  parse: (v) => (v === null ? null : checkHighlights(v)),
};

/** Every group's style: the one set, else its default. */
export function resolveHighlights(set: Partial<Highlights> | null | undefined): Highlights {
  const out = {} as Record<HighlightGroup, HighlightStyle>;
  for (const [group, { default: def }] of Object.entries(HIGHLIGHT_GROUPS)) out[group as HighlightGroup] = set?.[group as HighlightGroup] ?? def;
  return out;
}

/** A style as ink's <Text> props. */
export function textProps(style: HighlightStyle): { color?: string; backgroundColor?: string; bold?: boolean; italic?: boolean; underline?: boolean; dimColor?: boolean } {
  return { color: style.fg, backgroundColor: style.bg, bold: style.bold, italic: style.italic, underline: style.underline, dimColor: style.dim };
}

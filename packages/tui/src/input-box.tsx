/**
 * The multi-line input box: draws the InputStore, and (standalone, in tests or
 * small apps) takes its own keys. Inside the TUI the app routes keys to the
 * store itself, so there is one key handler and a clear order of precedence.
 */
import React, { useRef, useSyncExternalStore } from 'react';
import { Box, Text, useInput, type Key } from 'ink';
import type { EditorState } from './editor.js';
import type { InputStore } from './input-store.js';
import { useHighlight } from './highlight-context.js';
import { cursorRowOf, firstShownRow, inputRows, textColumns, type InputRow } from './input-rows.js';

export const MENU_ROWS = 8;

export interface InputBoxProps {
  store: InputStore;
  /** Most rows of text shown; longer texts scroll to keep the cursor in view. */
  maxLines?: number;
  /** Columns the box has (the terminal's width in the TUI): its text wraps into rows of that width. */
  width?: number;
  /** Take keys directly (standalone use). The TUI routes keys itself and passes false. */
  keys?: boolean;
  onSubmit?(text: string): void;
  /** Dimmed while a dialog has the keys. */
  inactive?: boolean;
  placeholder?: string;
  /** Keys the app handles itself (Ctrl-C, bound keys): the input leaves them alone. */
  reserved?(input: string, key: Key): boolean;
  /** Keys the input did not use (Esc with no menu open). */
  onUnhandled?(input: string, key: Key): void;
}

function CursorRow({ text, cursor }: { text: string; cursor: number | undefined }) {
  if (cursor === undefined) return <Text wrap="truncate-end">{text || ' '}</Text>;
  const code = text.codePointAt(cursor);
  const at = code === undefined ? ' ' : String.fromCodePoint(code);
  return (
    <Text wrap="truncate-end">
      {text.slice(0, cursor)}
      <Text inverse>{at}</Text>
      {text.slice(cursor + at.length)}
    </Text>
  );
}

export function InputBox({ store, maxLines = 10, width = 80, keys = true, onSubmit, inactive = false, placeholder, reserved, onUnhandled }: InputBoxProps) {
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  // Always subscribed, reading whether it has the keys from a ref: re-subscribing on a focus change
  // happens in an effect, and a key typed right after a dialog closes would be lost in between.
  const keysRef = useRef(keys);
  keysRef.current = keys;
  useInput(
    (input, key) => {
      if (!keysRef.current) return;
      if (reserved?.(input, key) && !store.getSnapshot().pasting) return;
      const result = store.handleKey(input, key);
      if (result.kind === 'submit') onSubmit?.(result.text);
      else if (result.kind === 'unhandled') onUnhandled?.(input, key);
    },
  );

  const { text } = snap.editor;
  const view = inputView(snap.editor, width, maxLines);
  const { rows, first, shown } = view;
  const marker = useHighlight('prompt');
  const menu = snap.menu;
  const menuFirst = menu ? Math.max(0, Math.min(menu.selected - MENU_ROWS + 1, menu.items.length - MENU_ROWS)) : 0;

  return (
    <Box flexDirection="column">
      {first > 0 && <Text dimColor>  ↑ {first} more row{first === 1 ? '' : 's'}</Text>}
      {shown.map((row, i) => (
        <Box key={first + i}>
          <Box width={2} flexShrink={0}>
            <Text {...(inactive ? { color: 'gray', bold: true } : marker)}>{first + i === 0 ? '› ' : '  '}</Text>
          </Box>
          {text === '' && placeholder && !inactive ? (
            <Text wrap="truncate-end">
              <Text inverse> </Text>
              <Text dimColor>{placeholder}</Text>
            </Text>
          ) : (
            <CursorRow text={text.slice(row.start, row.end)} cursor={!inactive && first + i === view.cursorRow ? view.cursorOffset : undefined} />
          )}
        </Box>
      ))}
      {first + shown.length < rows.length && <Text dimColor>  ↓ {rows.length - first - shown.length} more</Text>}
      {snap.pasting && <Text dimColor>  pasting…</Text>}
      {menu &&
        menu.items.slice(menuFirst, menuFirst + MENU_ROWS).map((item, i) => (
          <Text key={item.replacement} inverse={menuFirst + i === menu.selected} wrap="truncate-end">
            {'  '}
            {item.label}
            {item.detail ? <Text dimColor>  {item.detail}</Text> : null}
          </Text>
        ))}
      {menu && menu.items.length > MENU_ROWS && (
        <Text dimColor>
          {'  '}
          {menu.selected + 1}/{menu.items.length} · Tab completes · Esc closes
        </Text>
      )}
    </Box>
  );
}

/** What the box shows of a text: its rows at the width, the first shown, and where the cursor is. */
export interface InputView {
  rows: InputRow[];
  first: number;
  shown: InputRow[];
  cursorRow: number;
  cursorOffset: number;
}

// The last view, by text, cursor, width and height: the app measures the box and the box draws it, once a key.
let lastView: { editor: EditorState; width: number; maxLines: number; view: InputView } | undefined;

export function inputView(editor: EditorState, width: number, maxLines: number): InputView {
  if (lastView && lastView.editor === editor && lastView.width === width && lastView.maxLines === maxLines) return lastView.view;
  const rows = inputRows(editor.text, textColumns(width));
  const { row: cursorRow, offset: cursorOffset } = cursorRowOf(rows, editor.cursor);
  const first = firstShownRow(rows.length, cursorRow, maxLines);
  const view = { rows, first, shown: rows.slice(first, first + maxLines), cursorRow, cursorOffset };
  lastView = { editor, width, maxLines, view };
  return view;
}

/** Rows the input box takes for a text at a width, to budget the live region. */
export function inputBoxHeight(store: InputStore, maxLines: number, width = 80): number {
  const snap = store.getSnapshot();
  const view = inputView(snap.editor, width, maxLines);
  const scroll = (view.first > 0 ? 1 : 0) + (view.first + view.shown.length < view.rows.length ? 1 : 0);
  const menu = snap.menu ? Math.min(MENU_ROWS, snap.menu.items.length) + (snap.menu.items.length > MENU_ROWS ? 1 : 0) : 0;
  return view.shown.length + scroll + menu + (snap.pasting ? 1 : 0) + 2;
}

#!/usr/bin/env node
/**
 * Renders a `tmux capture-pane -e -p` capture (text with SGR colour codes) as
 * an SVG picture of the terminal, for the README. Usage:
 *   ansi-to-svg.mjs capture.ans > capture.svg
 */
import fs from 'node:fs';

const PALETTE = [
  '#1e1e2e', '#e06c75', '#98c379', '#e5c07b', '#61afef', '#c678dd', '#56b6c2', '#d0d0d0',
  '#5c6370', '#ff7b86', '#b5e890', '#ffd68a', '#82c4ff', '#e09cff', '#7fdce8', '#ffffff',
];
const FG = '#d0d0d0';
const BG = '#1e1e2e';
const CHAR_W = 8.4;
const LINE_H = 18;
const PAD = 12;

function color256(n) {
  if (n < 16) return PALETTE[n];
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return `rgb(${v},${v},${v})`;
  }
  const i = n - 16;
  const c = (x) => (x === 0 ? 0 : 55 + x * 40);
  return `rgb(${c(Math.floor(i / 36))},${c(Math.floor(i / 6) % 6)},${c(i % 6)})`;
}

function applySgr(style, params) {
  const p = params.length ? params.split(';').map(Number) : [0];
  for (let i = 0; i < p.length; i++) {
    const n = p[i];
    if (n === 0) Object.assign(style, { fg: undefined, bg: undefined, bold: false, dim: false, italic: false, underline: false, inverse: false });
    else if (n === 1) style.bold = true;
    else if (n === 2) style.dim = true;
    else if (n === 3) style.italic = true;
    else if (n === 4) style.underline = true;
    else if (n === 7) style.inverse = true;
    else if (n === 22) style.bold = style.dim = false;
    else if (n === 23) style.italic = false;
    else if (n === 24) style.underline = false;
    else if (n === 27) style.inverse = false;
    else if (n >= 30 && n <= 37) style.fg = PALETTE[n - 30];
    else if (n >= 90 && n <= 97) style.fg = PALETTE[n - 90 + 8];
    else if (n === 39) style.fg = undefined;
    else if (n >= 40 && n <= 47) style.bg = PALETTE[n - 40];
    else if (n >= 100 && n <= 107) style.bg = PALETTE[n - 100 + 8];
    else if (n === 49) style.bg = undefined;
    else if ((n === 38 || n === 48) && p[i + 1] === 5) {
      style[n === 38 ? 'fg' : 'bg'] = color256(p[i + 2]);
      i += 2;
    } else if ((n === 38 || n === 48) && p[i + 1] === 2) {
      style[n === 38 ? 'fg' : 'bg'] = `rgb(${p[i + 2]},${p[i + 3]},${p[i + 4]})`;
      i += 4;
    }
  }
}

const escapeXml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function render(text) {
  const lines = text.replace(/\n+$/, '').split('\n');
  const columns = Math.max(80, ...lines.map((l) => [...l.replace(/\x1b\[[0-9;]*m/g, '')].length));
  const out = [];
  const style = {};
  lines.forEach((line, row) => {
    let col = 0;
    const y = PAD + row * LINE_H;
    for (const part of line.split(/(\x1b\[[0-9;]*m)/)) {
      const m = /^\x1b\[([0-9;]*)m$/.exec(part);
      if (m) {
        applySgr(style, m[1]);
        continue;
      }
      if (!part) continue;
      const chars = [...part];
      let fg = style.fg ?? FG;
      let bg = style.bg;
      if (style.inverse) [fg, bg] = [bg ?? BG, fg];
      const x = PAD + col * CHAR_W;
      if (bg) out.push(`<rect x="${x.toFixed(1)}" y="${y}" width="${(chars.length * CHAR_W).toFixed(1)}" height="${LINE_H}" fill="${bg}"/>`);
      const attrs = [
        `x="${x.toFixed(1)}"`,
        `y="${y + LINE_H - 5}"`,
        `fill="${fg}"`,
        style.bold ? 'font-weight="bold"' : '',
        style.dim ? 'fill-opacity="0.6"' : '',
        style.italic ? 'font-style="italic"' : '',
        style.underline ? 'text-decoration="underline"' : '',
      ].filter(Boolean);
      if (part.trim()) out.push(`<text ${attrs.join(' ')} textLength="${(chars.length * CHAR_W).toFixed(1)}" lengthAdjust="spacingAndGlyphs">${escapeXml(part)}</text>`);
      col += chars.length;
    }
  });
  const width = Math.ceil(PAD * 2 + columns * CHAR_W);
  const height = PAD * 2 + lines.length * LINE_H;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" xml:space="preserve">`,
    `<rect width="100%" height="100%" rx="6" fill="${BG}"/>`,
    ...out,
    '</svg>',
  ].join('\n');
}

process.stdout.write(render(fs.readFileSync(process.argv[2], 'utf8')) + '\n');

// The manual ships with the binary so that :help shows the same pages as docs/.
import { cpSync, existsSync, rmSync } from 'node:fs';
const from = new URL('../../../docs/', import.meta.url);
const to = new URL('../docs/', import.meta.url);
rmSync(to, { recursive: true, force: true });
if (existsSync(from)) cpSync(from, to, { recursive: true, filter: (src) => !src.includes('screenshots') || /\.(png|txt|ansi)$/.test(src) || !src.includes('.') });

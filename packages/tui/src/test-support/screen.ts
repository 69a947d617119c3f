/**
 * A small terminal emulator for tests: it plays back what ink wrote (text,
 * CR, LF with scrolling into a scrollback, cursor up/down/next-line/column,
 * erase line and screen; styling is dropped) and gives the text a person
 * would see. Enough to catch a renderer drawing a line in the wrong row.
 */
export class Screen {
  private rows: string[][];
  readonly scrollback: string[] = [];
  private x = 0;
  private y = 0;

  constructor(
    readonly columns: number,
    readonly height: number,
  ) {
    this.rows = Array.from({ length: height }, () => []);
  }

  private lineFeed(): void {
    if (this.y < this.height - 1) this.y++;
    else {
      this.scrollback.push(this.rowText(0));
      this.rows.shift();
      this.rows.push([]);
    }
  }

  private put(ch: string): void {
    if (this.x >= this.columns) {
      this.x = 0;
      this.lineFeed();
    }
    const row = this.rows[this.y]!;
    while (row.length < this.x) row.push(' ');
    row[this.x++] = ch;
  }

  private csi(params: string, final: string): void {
    const n = params === '' || params.startsWith('?') ? 1 : Number(params.split(';')[0]) || 1;
    switch (final) {
      case 'A':
        this.y = Math.max(0, this.y - n);
        break;
      case 'B':
        this.y = Math.min(this.height - 1, this.y + n);
        break;
      case 'E':
        this.x = 0;
        for (let i = 0; i < n; i++) this.lineFeed();
        break;
      case 'G':
        this.x = n - 1;
        break;
      case 'H':
        this.x = 0;
        this.y = 0;
        break;
      case 'K': {
        const row = this.rows[this.y]!;
        if (params === '2') row.length = 0;
        else row.length = Math.min(row.length, this.x);
        break;
      }
      case 'J':
        if (params === '2' || params === '3') this.rows = Array.from({ length: this.height }, () => []);
        break;
      default:
        break; // styling (m), modes (h, l) and the rest change nothing visible here
    }
  }

  write(data: string): void {
    for (let i = 0; i < data.length; i++) {
      const ch = data[i]!;
      if (ch === '\x1b') {
        const next = data[i + 1];
        if (next === '[') {
          const m = /^\x1b\[([0-9;?]*)[ -/]*([@-~])/.exec(data.slice(i));
          if (m) {
            this.csi(m[1]!, m[2]!);
            i += m[0].length - 1;
            continue;
          }
        } else if (next === ']') {
          const end = data.slice(i).search(/\x07|\x1b\\/);
          i += end === -1 ? data.length : end + (data[i + end] === '\x07' ? 0 : 1);
          continue;
        }
        i++;
        continue;
      }
      if (ch === '\r') this.x = 0;
      else if (ch === '\n') {
        this.x = 0; // the pty's ONLCR turns LF into CR LF
        this.lineFeed();
      } else if (ch >= ' ') this.put(ch);
    }
  }

  private rowText(y: number): string {
    return this.rows[y]!.join('').trimEnd();
  }

  /** The visible rows, trailing blank rows dropped. */
  visible(): string[] {
    const lines = this.rows.map((_, y) => this.rowText(y));
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    return lines;
  }

  /** Everything: scrollback, then the visible rows. */
  all(): string[] {
    return [...this.scrollback, ...this.visible()];
  }
}

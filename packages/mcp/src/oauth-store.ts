/**
 * What OAuth keeps for one HTTP server, in the state directory
 * (`$XDG_STATE_HOME/lug/mcp-oauth/<server>-<hash of its URL>.json`, mode
 * 0600, the directory 0700): the loopback port its redirect URL names (the
 * authorization server registered that URL, so it stays), the client
 * registration, the tokens, the PKCE verifier of a sign-in in progress.
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OAuthRecord {
  redirectPort?: number;
  clientInformation?: unknown;
  tokens?: unknown;
  codeVerifier?: string;
  discoveryState?: unknown;
}

export class OAuthStore {
  readonly file: string;

  constructor(stateDir: string, server: string, url: string) {
    const dir = join(stateDir, 'mcp-oauth');
    this.file = join(dir, `${server}-${createHash('sha256').update(url).digest('hex').slice(0, 16)}.json`);
  }

  read(): OAuthRecord {
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return data && typeof data === 'object' && !Array.isArray(data) ? (data as OAuthRecord) : {};
    } catch {
      return {};
    }
  }

  update(change: Partial<OAuthRecord>): void {
    const next = { ...this.read(), ...change };
    const dir = join(this.file, '..');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, this.file);
  }
}

/**
 * The answers to "start the MCP server X that this project's .mcp.json
 * configures?", kept per project in the state directory
 * (`$XDG_STATE_HOME/lug/mcp-projects.json`, mode 0600). An answer holds for
 * the server as configured when it was given: a changed command, URL or
 * environment asks again, so a project cannot swap what was allowed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ConfiguredServer } from './server-config.js';

interface Answer {
  allowed: boolean;
  config: string;
}

type Store = Record<string, Record<string, Answer>>;

export function configDigest(server: ConfiguredServer): string {
  return createHash('sha256').update(JSON.stringify(server.config)).digest('hex').slice(0, 32);
}

export class ProjectTrust {
  constructor(
    private readonly file: string,
    private readonly project: string,
  ) {}

  static inStateDir(stateDir: string, project: string): ProjectTrust {
    return new ProjectTrust(join(stateDir, 'mcp-projects.json'), project);
  }

  /** The remembered answer for this server as configured now, or undefined. */
  answer(server: ConfiguredServer): boolean | undefined {
    const kept = this.read()[this.project]?.[server.name];
    return kept && kept.config === configDigest(server) ? kept.allowed : undefined;
  }

  remember(server: ConfiguredServer, allowed: boolean): void {
    const store = this.read();
    store[this.project] = { ...(store[this.project] ?? {}), [server.name]: { allowed, config: configDigest(server) } };
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, this.file);
  }

  private read(): Store {
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return data && typeof data === 'object' && !Array.isArray(data) ? (data as Store) : {};
    } catch {
      return {};
    }
  }
}

/** The question asked before a project's server first starts. */
export function trustQuestion(server: ConfiguredServer): string {
  const what = 'command' in server.config ? `runs ${server.config.command.join(' ')}` : `connects to ${server.config.url}`;
  return `This project's ${server.source} configures the MCP server "${server.name}", which ${what}. Start it? (remembered for this project)`;
}

import { execFile } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL } from '@lug/core';
import { foundMessage, noModelMessage, parseModelList, probeLocalModels } from './probe.js';

const servers: Array<http.Server | net.Server> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

function listen(server: http.Server | net.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
}

function modelServer(body: unknown, status = 200): http.Server {
  return http.createServer((req, res) => {
    if (req.url !== '/v1/models') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
}

/** A port whose next connection is refused: bind, note the port, close. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  const port = await new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as net.AddressInfo).port)));
  await new Promise((r) => s.close(r));
  return port;
}

describe('probeLocalModels', () => {
  it('finds the models of OpenAI-compatible servers and skips ports with nothing behind them', async () => {
    const ollama = await listen(modelServer({ object: 'list', data: [{ id: 'llama3.2' }, { id: 'qwen2.5-coder' }] }));
    const nothing = await closedPort();
    // What is found, not how fast (the deadline has its own tests): a loaded machine may take more than the default 200 ms.
    const found = await probeLocalModels({
      ports: [
        { port: ollama, name: 'Ollama' },
        { port: nothing, name: 'llama.cpp' },
      ],
      timeoutMs: 10_000,
    });
    expect(found).toEqual([{ name: 'Ollama', baseUrl: `http://127.0.0.1:${ollama}/v1`, models: ['llama3.2', 'qwen2.5-coder'] }]);
  });

  it('gives up on a server that does not answer within the deadline, and takes no longer', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket)); // accepts, never answers
    const port = await listen(silent);
    const started = performance.now();
    const found = await probeLocalModels({ ports: [{ port, name: 'Ollama' }], timeoutMs: 200 });
    const took = performance.now() - started;
    expect(found).toEqual([]);
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(400);
    for (const socket of sockets) socket.destroy();
  });

  it('ignores a server that answers with an error or with something else than a model list', async () => {
    const failing = await listen(modelServer({ error: 'nope' }, 500));
    const other = await listen(modelServer({ hello: 'world' }));
    expect(await probeLocalModels({ ports: [{ port: failing, name: 'A' }, { port: other, name: 'B' }] })).toEqual([]);
  });

  it('loads node:http only once a port takes the connection', async () => {
    // A fresh process running this file alone (this one's runner has node:http loaded): esbuild bundles it, @lug/core left outside.
    const { buildSync } = await import('esbuild');
    const { execFileSync } = await import('node:child_process');
    const { outputFiles } = buildSync({ entryPoints: [new URL('./probe.ts', import.meta.url).pathname], bundle: true, platform: 'node', format: 'esm', write: false, external: ['@lug/core'] });
    const ollama = await listen(modelServer({ data: [{ id: 'llama3.2' }] }));
    const nothing = await closedPort();
    const script = `${outputFiles[0]!.text}
      const http = () => String(process.moduleLoadList.includes('NativeModule http'));
      const seen = [http()];
      await probeLocalModels({ ports: [{ port: ${nothing}, name: 'none' }], timeoutMs: 10000 });
      seen.push(http());
      const found = await probeLocalModels({ ports: [{ port: ${ollama}, name: 'Ollama' }], timeoutMs: 10000 });
      seen.push(http(), found[0]?.models.join());
      console.log(seen.join(' '));`;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: new URL('.', import.meta.url).pathname, encoding: 'utf8' }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    expect(out.trim()).toBe('false false true llama3.2');
  });

  it('probes the usual ports by default, all within 200 ms', async () => {
    const started = performance.now();
    await probeLocalModels();
    expect(performance.now() - started).toBeLessThan(350);
  });
});

describe('parseModelList', () => {
  it('reads OpenAI and Ollama shapes', () => {
    expect(parseModelList('{"data":[{"id":"a"},{"id":"b"}]}')).toEqual(['a', 'b']);
    expect(parseModelList('{"models":[{"name":"c"}]}')).toEqual(['c']);
    expect(parseModelList('not json')).toBeUndefined();
  });
});

describe('noModelMessage', () => {
  it('names the three variables in one place', () => {
    const text = noModelMessage();
    for (const v of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'OPENAI_BASE_URL']) expect(text).toContain(v);
    expect(text).not.toContain('Found on this machine');
  });

  it("names the core's default models, not ones written here", () => {
    const text = noModelMessage();
    expect(text).toContain(`(${DEFAULT_ANTHROPIC_MODEL.split('/')[1]} by default)`);
    expect(text).toContain(`(${DEFAULT_OPENAI_MODEL.split('/')[1]} by default)`);
  });

  it('offers the models found locally as :model commands (the notice after it)', () => {
    const text = foundMessage([{ name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1', models: ['llama3.2'] }]);
    expect(text).toContain('Ollama at http://127.0.0.1:11434/v1: `:model openai/llama3.2`');
  });
});

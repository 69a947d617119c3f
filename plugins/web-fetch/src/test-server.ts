/** A local HTTP server on a real socket for the web_fetch tests: one handler per path. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface TestServer {
  url(path: string): string;
  close(): Promise<void>;
}

export async function startTestServer(routes: Record<string, Route>): Promise<TestServer> {
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) return route(req, res);
    res.writeHead(404, { 'content-type': 'text/html' }).end('<html><head><title>Not here</title></head><body><h1>404</h1><p>No such page.</p></body></html>');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

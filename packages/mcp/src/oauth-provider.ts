/**
 * OAuth for HTTP servers that require it, through the SDK's
 * OAuthClientProvider: the authorization code flow with PKCE (the SDK makes
 * the verifier and challenge, discovers the authorization server, registers
 * lug as a client when the server allows it, refreshes tokens), with a
 * loopback redirect (`http://127.0.0.1:PORT/callback`, RFC 8252) that lug
 * listens on only while a sign-in waits. Everything kept is in OAuthStore.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthStore } from './oauth-store.js';

/** How long lug waits for the browser to come back. */
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

/** Shows the user the URL to sign in at (the CLI: a notice, and the browser when it can open one). */
export type OpenAuthorization = (url: URL, server: string) => void | Promise<void>;

export class LugOAuthProvider implements OAuthClientProvider {
  private listener: { server: Server; code: Promise<string> } | undefined;
  private expectedState: string | undefined;

  constructor(
    private readonly store: OAuthStore,
    private readonly server: string,
    private readonly open: OpenAuthorization,
  ) {}

  private get port(): number {
    return this.store.read().redirectPort ?? 0;
  }

  get redirectUrl(): string {
    return `http://127.0.0.1:${this.port}/callback`;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'lug',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    this.expectedState = randomBytes(16).toString('hex');
    return this.expectedState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.store.read().clientInformation as OAuthClientInformationMixed | undefined;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.store.update({ clientInformation: info });
  }

  tokens(): OAuthTokens | undefined {
    return this.store.read().tokens as OAuthTokens | undefined;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.store.update({ tokens, codeVerifier: undefined });
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.store.update({ codeVerifier });
  }

  codeVerifier(): string {
    const verifier = this.store.read().codeVerifier;
    if (!verifier) throw new Error('no sign-in is in progress (no PKCE code verifier is kept)');
    return verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all') this.store.update({ clientInformation: undefined, tokens: undefined, codeVerifier: undefined, discoveryState: undefined });
    else if (scope === 'client') this.store.update({ clientInformation: undefined });
    else if (scope === 'tokens') this.store.update({ tokens: undefined });
    else if (scope === 'verifier') this.store.update({ codeVerifier: undefined });
    else this.store.update({ discoveryState: undefined });
  }

  /** Listen on the loopback port, then show the URL. */
  async redirectToAuthorization(url: URL): Promise<void> {
    await this.listen();
    try {
      await this.open(url, this.server);
    } catch (err) {
      // Nobody can sign in (headless): the loopback port is let go at once.
      this.listener?.server.close();
      this.listener = undefined;
      throw err;
    }
  }

  /**
   * Reserve the loopback port before the client registers (its redirect URL
   * names the port): a free one the first time, the kept one afterwards.
   */
  async preparePort(): Promise<void> {
    if (this.store.read().redirectPort) return;
    const probe = createServer();
    const port = await new Promise<number>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port));
    });
    await new Promise((r) => probe.close(r));
    this.store.update({ redirectPort: port });
  }

  /** The code the browser brings back to the loopback redirect; rejects on a wrong state, an error from the server, or the timeout. */
  async waitForCode(signal?: AbortSignal): Promise<string> {
    if (!this.listener) throw new Error('no sign-in was started');
    const { server, code } = this.listener;
    const timer = setTimeout(() => server.emit('lug-timeout'), SIGN_IN_TIMEOUT_MS);
    const onAbort = () => server.emit('lug-abort');
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await code;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      server.close();
      this.listener = undefined;
    }
  }

  private async listen(): Promise<void> {
    if (this.listener) return;
    const server = createServer();
    const code = new Promise<string>((resolve, reject) => {
      server.on('lug-timeout', () => reject(new Error(`nobody signed in within ${SIGN_IN_TIMEOUT_MS / 60_000} minutes`)));
      server.on('lug-abort', () => reject(new Error('the sign-in was cancelled')));
      server.on('request', (req, res) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (url.pathname !== '/callback') {
          res.writeHead(404).end();
          return;
        }
        const error = url.searchParams.get('error');
        const got = url.searchParams.get('code');
        const state = url.searchParams.get('state');
        const answer = (status: number, text: string) => res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
        if (error) {
          answer(400, `lug: the sign-in to ${this.server} failed: ${error}. You can close this tab.`);
          reject(new Error(`the authorization server answered ${error}${url.searchParams.get('error_description') ? `: ${url.searchParams.get('error_description')}` : ''}`));
        } else if (!got || (this.expectedState !== undefined && state !== this.expectedState)) {
          // Not our sign-in (a wrong or missing state): refused, and the real one may still come.
          answer(400, 'lug: this is not the sign-in lug is waiting for.');
        } else {
          answer(200, `lug: signed in to ${this.server}. You can close this tab.`);
          resolve(got);
        }
      });
    });
    code.catch(() => undefined);
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err) => reject(new Error(`cannot listen on 127.0.0.1:${this.port} for the sign-in's redirect: ${err.message}`)));
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.listener = { server, code };
  }
}

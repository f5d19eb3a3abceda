import request from 'supertest';
import type { App } from 'supertest/types.js';

/**
 * A browser, as far as the console can tell: it keeps the cookies it is
 * given (the session's, and the form token's before there is a session),
 * reads the CSRF token from each page's forms and posts forms with the
 * console's own Origin.
 */
export class ConsoleClient {
  private cookies = new Map<string, string>();
  csrf: string | undefined;

  constructor(
    private readonly http: App,
    readonly origin: string,
  ) {}

  async get(path: string): Promise<request.Response> {
    const res = await this.withCookie(request(this.http).get(path));
    this.remember(res);
    return res;
  }

  /** Posts a form; the CSRF token of the last page is added unless `fields` has its own `_csrf`. */
  async post(
    path: string,
    fields: Record<string, string | string[]>,
    headers: Record<string, string> = { Origin: this.origin },
  ): Promise<request.Response> {
    const body = new URLSearchParams();
    if (!('_csrf' in fields) && this.csrf !== undefined) body.append('_csrf', this.csrf);
    for (const [name, value] of Object.entries(fields)) {
      for (const item of [value].flat()) body.append(name, item);
    }
    const res = await this.withCookie(request(this.http).post(path))
      .set(headers)
      .type('form')
      .send(body.toString());
    this.remember(res);
    return res;
  }

  async signIn(email: string, password: string, returnTo?: string): Promise<request.Response> {
    await this.get(
      `/console/sign-in${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ''}`,
    );
    return this.post('/console/sign-in', {
      email,
      password,
      ...(returnTo ? { return_to: returnTo } : {}),
    });
  }

  /** The session cookie as sent (`name=value`), once there is one. */
  get sessionCookie(): string | undefined {
    const name = [...this.cookies.keys()].find((key) => key.endsWith('content_api_session'));
    return name === undefined ? undefined : `${name}=${this.cookies.get(name)}`;
  }

  private withCookie(test: request.Test): request.Test {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return cookie === '' ? test : test.set('Cookie', cookie);
  }

  private remember(res: request.Response): void {
    const setCookie = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
    for (const line of setCookie) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line))
        this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(res.text ?? '');
    if (token) this.csrf = token[1];
  }
}

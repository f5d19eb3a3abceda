import { Controller, Get, type INestApplication, Post, Res, UseInterceptors } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import { jsx } from 'hono/jsx';
import type { JSX } from 'hono/jsx/jsx-runtime';
import request from 'supertest';
import type { ShownOnce } from './flash.js';
import { PageInterceptor } from './page.interceptor.js';
import { RawDocument, Refused, SeeOther } from './page-result.js';

const KEY: ShownOnce['createdKey'] = {
  name: 'Reports',
  created: { key: 'cbr_secret' } as NonNullable<ShownOnce['createdKey']>['created'],
};

/** A view, as a page's JSX would make it (this file is not compiled as JSX). */
function paragraph(text: string): JSX.Element {
  return jsx('p', null, text) as unknown as JSX.Element;
}

@UseInterceptors(PageInterceptor)
@Controller('pages')
class PagesUnderTest {
  @Get('view')
  view() {
    return paragraph('Hello & welcome');
  }

  @Post('view')
  posted() {
    return paragraph('Posted');
  }

  @Post('refused')
  refused() {
    return new Refused(422, 'validation_failed', paragraph('Correct the name'));
  }

  @Post('see-other')
  seeOther() {
    return new SeeOther('/console/connection/keys/created', {
      notice: 'Done.',
      shownOnce: { createdKey: KEY },
    });
  }

  @Get('document')
  document() {
    return new RawDocument('<p>body</p>', { 'Content-Security-Policy': 'sandbox' });
  }

  @Get('answered')
  answered(@Res() res: Response) {
    res.status(302).setHeader('Location', '/elsewhere').end();
  }

  @Get('nonsense')
  nonsense() {
    return { not: 'a page' };
  }
}

describe('PageInterceptor', () => {
  let app: INestApplication;
  let server: Server;
  const session: Record<string, unknown> & { saved: number } = { saved: 0 };
  let answered: { errorCode?: unknown; savedBeforeAnswer?: number } = {};

  beforeAll(async () => {
    const module = await Test.createTestingModule({ controllers: [PagesUnderTest] }).compile();
    app = module.createNestApplication({ logger: false });
    app.use((req: Request, res: Response, next: NextFunction) => {
      // What express-session gives a request, as far as pages use it.
      Object.assign(req, {
        session: Object.assign(session, {
          save: (done: (error?: Error) => void) => {
            session.saved += 1;
            done();
          },
        }),
      });
      res.on('finish', () => {
        answered = { errorCode: res.locals.errorCode, savedBeforeAnswer: session.saved };
      });
      next();
    });
    await app.init();
    server = app.getHttpServer() as Server;
  });
  afterAll(() => app.close());

  beforeEach(() => {
    for (const name of Object.keys(session)) if (name !== 'save') delete session[name];
    session.saved = 0;
    answered = {};
  });

  it('renders a view as a 200 HTML page, escaped', async () => {
    const res = await request(server).get('/pages/view');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toBe('<!doctype html>\n<p>Hello &amp; welcome</p>');
  });

  it('answers a POST that shows a view with 200, not 201', async () => {
    const res = await request(server).post('/pages/view');
    expect([res.status, res.text]).toEqual([200, '<!doctype html>\n<p>Posted</p>']);
  });

  it('sends a refused form with its status, and leaves its error identifier for the log', async () => {
    const res = await request(server).post('/pages/refused');
    expect([res.status, res.text]).toEqual([422, '<!doctype html>\n<p>Correct the name</p>']);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answered.errorCode).toBe('validation_failed');
  });

  it('redirects with 303 once the session holds the flash and is stored', async () => {
    session.shownOnce = { addedPerson: { email: 'a@example.com', link: 'https://x' } };
    const res = await request(server).post('/pages/see-other');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/console/connection/keys/created');
    expect(session.notice).toBe('Done.');
    expect(session.shownOnce).toEqual({
      addedPerson: { email: 'a@example.com', link: 'https://x' },
      createdKey: KEY,
    });
    expect(answered.savedBeforeAnswer).toBe(1);
  });

  it('sends a raw document with its own headers', async () => {
    const res = await request(server).get('/pages/document');
    expect([res.status, res.text]).toEqual([200, '<p>body</p>']);
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('leaves alone a response the handler answered itself', async () => {
    const res = await request(server).get('/pages/answered');
    expect([res.status, res.headers.location]).toEqual([302, '/elsewhere']);
  });

  it('refuses to send what is not a page', async () => {
    const res = await request(server).get('/pages/nonsense');
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('a page');
  });
});

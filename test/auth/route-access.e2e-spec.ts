import { Controller, Get, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import request from 'supertest';
import { ROUTE_ACCESS, RouteAccess } from '../../src/common/request/route-access.decorator.js';
import { routePaths } from '../../src/common/http/route-table.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/**
 * Every route of `controllers` with the access it declares, read the way the
 * global guard reads it. The snapshot makes any change of access visible in
 * review; a route that declares nothing shows the guard's default.
 */
function routeAccessTable(controllers: Type[]): Record<string, string> {
  const scanner = new MetadataScanner();
  const reflector = new Reflector();
  const rows: Array<[string, string]> = [];
  for (const controller of controllers) {
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as (...args: unknown[]) => unknown;
      const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[];
      if (methodPaths === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const access = reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, [
        handler,
        controller,
      ]);
      for (const path of routePaths(Reflect.getMetadata(PATH_METADATA, controller), methodPaths))
        rows.push([`${method} ${path}`, describeAccess(access)]);
    }
  }
  rows.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(rows);
}

function controllersOf(t: TestApp): Type[] {
  return new DiscoveryService(t.app.get(ModulesContainer))
    .getControllers()
    .flatMap((wrapper) => (wrapper.metatype ? [wrapper.metatype as Type] : []));
}

function describeAccess(access: RouteAccess | undefined): string {
  if (access === undefined) return 'key with scope read (default: no @Public or @Authenticated)';
  if (access.public) return 'public';
  if ('session' in access) {
    return access.session === 'signed-in'
      ? 'console: signed-in user (others are sent to sign in)'
      : 'console: anyone (sign-in forms; POST needs the CSRF token and own origin)';
  }
  return `key with scope ${access.scope}`;
}

describe('route access declarations', () => {
  let t: TestApp;
  let table: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    table = routeAccessTable(controllersOf(t));
  });
  afterAll(() => t.close());

  it('reads the routes the app serves, with the access the guard applies', async () => {
    expect(table['GET /api/v1/openapi.json']).toBe('public');
    expect(table['GET /api/v1/sites']).toBe('key with scope read');
    expect((await request(t.http).get('/api/v1/openapi.json')).status).toBe(200);
    expect((await request(t.http).get('/api/v1/sites')).status).toBe(401);
  });

  it('shows a route that declares nothing with the scope the guard then requires', () => {
    @Controller('undeclared')
    class UndeclaredController {
      @Get()
      read(): void {}
    }
    expect(routeAccessTable([UndeclaredController])).toEqual({
      'GET /undeclared': 'key with scope read (default: no @Public or @Authenticated)',
    });
  });

  it('enforces the access each console route declares', async () => {
    const consoleRoutes = Object.entries(table).filter(([, access]) =>
      access.startsWith('console:'),
    );
    expect(consoleRoutes.length).toBeGreaterThan(20);
    for (const [route, access] of consoleRoutes) {
      const [method, pattern] = route.split(' ');
      const path = pattern.replace(/:\w+/g, '1').replace('*path', 'anything');
      const verb = method === 'POST' ? 'post' : 'get';
      const res = await request(t.http)[verb](path).set('Origin', 'http://api.test');
      if (access.startsWith('console: signed-in')) {
        expect([route, res.status, res.headers.location]).toEqual([
          route,
          303,
          verb === 'get' && path !== '/console'
            ? `/console/sign-in?return_to=${encodeURIComponent(path)}`
            : '/console/sign-in',
        ]);
      } else if (verb === 'post') {
        // Open to anyone, but not without the CSRF token of a session.
        expect([route, res.status]).toEqual([route, 403]);
      } else if (res.status === 303) {
        // A step of signing in (the second factor) with no sign-in under way: back to its start.
        expect([route, res.headers.location]).toEqual([route, '/console/sign-in']);
      } else {
        expect([route, [200, 404].includes(res.status)]).toEqual([route, true]);
      }
    }
  });

  it('matches the reviewed access of every route (update with -u only for an intended change)', () => {
    expect(table).toMatchSnapshot();
  });
});

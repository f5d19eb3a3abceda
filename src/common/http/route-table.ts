import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner } from '@nestjs/core';
import { match, type MatchFunction } from 'path-to-regexp';

/** A route: the controller class and handler method that serve it. */
export interface Route {
  method: string;
  path: string;
  controller: Type;
  handler: (...args: unknown[]) => unknown;
}

interface Entry extends Route {
  matches: MatchFunction<object>;
}

/**
 * Which route a request will reach, known before the router runs: the app's
 * routes matched the way Express matches them (path-to-regexp, the router's
 * own matcher, case-sensitive and strict, as createApp configures routing;
 * first match in declaration order). Middleware that must act before body
 * parsing and routing (CallAdmission, the 405 answer) reads a route's
 * decorators and a path's methods through it. Paths are matched as sent,
 * percent-encoding included: which route a path names does not depend on
 * decoding its parameters, so a path that does not decode still names one.
 */
export class RouteTable {
  private constructor(private readonly entries: Entry[]) {}

  static of(controllers: Type[]): RouteTable {
    const scanner = new MetadataScanner();
    const entries: Entry[] = [];
    for (const controller of controllers) {
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as Route['handler'];
        const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[];
        if (methodPaths === undefined) continue;
        const method =
          RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const prefix = Reflect.getMetadata(PATH_METADATA, controller) as string | string[];
        for (const path of routePaths(prefix, methodPaths)) {
          const matches = match(path, {
            sensitive: true,
            end: true,
            trailing: false,
            decode: false,
          });
          entries.push({ method, path, controller, handler, matches });
        }
      }
    }
    return new RouteTable(entries);
  }

  /** The route a request with this method and path reaches, if any. */
  lookup(method: string, path: string): Route | undefined {
    return this.entries.find(
      (entry) => handles(entry.method, method) && entry.matches(path) !== false,
    );
  }

  /**
   * The methods the routes at this path answer, HEAD wherever GET, in the
   * order of RFC 9110's method table (PATCH and others after); empty when no
   * route has this path.
   */
  methodsAt(path: string): string[] {
    const methods = new Set(
      this.entries.filter((entry) => entry.matches(path) !== false).map((entry) => entry.method),
    );
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort((a, b) => methodRank(a) - methodRank(b));
  }
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE'];

function methodRank(method: string): number {
  const rank = METHOD_ORDER.indexOf(method);
  return rank === -1 ? METHOD_ORDER.length : rank;
}

function handles(routeMethod: string, method: string): boolean {
  return (
    routeMethod === 'ALL' || routeMethod === method || (method === 'HEAD' && routeMethod === 'GET')
  );
}

/** The paths Nest serves a handler at: the controller's prefix joined to the method's path. */
export function routePaths(
  controllerPaths: string | string[] | undefined,
  methodPaths: string | string[],
): string[] {
  return [controllerPaths ?? '']
    .flat()
    .flatMap((prefix) =>
      [methodPaths]
        .flat()
        .map((path) => `/${prefix}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1')),
    );
}

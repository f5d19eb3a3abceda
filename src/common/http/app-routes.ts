import { Injectable, Module, OnApplicationBootstrap, type Type } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { RouteTable, type Route } from './route-table.js';

/**
 * The RouteTable of the app's own controllers, read once they are all known
 * (at bootstrap), for the middleware that acts before routing: CallAdmission,
 * the 405 answer, the answer to CONNECT.
 */
@Injectable()
export class AppRoutes implements OnApplicationBootstrap {
  private table = RouteTable.of([]);

  constructor(private readonly discovery: DiscoveryService) {}

  onApplicationBootstrap(): void {
    this.table = RouteTable.of(
      this.discovery
        .getControllers()
        .flatMap((wrapper) => (wrapper.metatype ? [wrapper.metatype as Type] : [])),
    );
  }

  lookup(method: string, path: string): Route | undefined {
    return this.table.lookup(method, path);
  }

  methodsAt(path: string): string[] {
    return this.table.methodsAt(path);
  }
}

@Module({ imports: [DiscoveryModule], providers: [AppRoutes], exports: [AppRoutes] })
export class AppRoutesModule {}

import { All, Controller, Get, Post, Put } from '@nestjs/common';
import { RouteTable } from './route-table.js';

@Controller('api/v1/articles')
class ArticlesController {
  @Get(':id')
  read(): void {}

  @Put(':id')
  write(): void {}
}

@Controller('mcp')
class AgentController {
  @Post()
  call(): void {}

  @All()
  refuse(): void {}
}

describe('RouteTable', () => {
  const table = RouteTable.of([ArticlesController, AgentController]);
  const handler = (method: string, path: string) => table.lookup(method, path)?.handler.name;

  it('finds the route a request reaches, by method and path, in declaration order', () => {
    expect(handler('GET', '/api/v1/articles/12')).toBe('read');
    expect(handler('HEAD', '/api/v1/articles/12')).toBe('read');
    expect(handler('PUT', '/api/v1/articles/12')).toBe('write');
    expect(handler('POST', '/mcp')).toBe('call');
    expect(handler('GET', '/mcp')).toBe('refuse');
  });

  it('matches as the router does: case-sensitive, strict, one segment per parameter', () => {
    for (const path of [
      '/API/V1/ARTICLES/12',
      '/api/v1/articles/12/',
      '/api/v1/articles/1/2',
      '/mcp/',
      '/MCP',
      '/mcp;x',
    ])
      expect(handler('GET', path)).toBeUndefined();
    expect(handler('DELETE', '/api/v1/articles/12')).toBeUndefined();
  });

  it('names the route of a path whose parameter does not decode, without throwing', () => {
    for (const id of ['%ff', '%', '%zz', '%c0%ae', '%e2%82'])
      expect(handler('GET', `/api/v1/articles/${id}`)).toBe('read');
  });

  it('lists the methods of a path, HEAD wherever GET, and none for a path no route has', () => {
    expect(table.methodsAt('/api/v1/articles/12')).toEqual(['GET', 'HEAD', 'PUT']);
    expect(table.methodsAt('/api/v1/articles/%ff')).toEqual(['GET', 'HEAD', 'PUT']);
    expect(table.methodsAt('/api/v1/articles')).toEqual([]);
    expect(table.methodsAt('/api/v1/articles/12/')).toEqual([]);
  });
});

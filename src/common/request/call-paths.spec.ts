import { callChannelOf } from './call-paths.js';

describe('callChannelOf', () => {
  it.each([
    ['/api/v1/sites', 'api'],
    ['/API/V1/SITES', 'api'],
    ['/Api/v1/sites', 'api'],
    ['/%61pi/v1/sites', 'api'],
    ['//api/v1/sites', 'api'],
    ['/api', 'api'],
    ['/api.json', 'api'],
    ['/mcp', 'mcp'],
    ['/MCP', 'mcp'],
    ['/mcp;x', 'mcp'],
    ['/mcp%2f', 'mcp'],
    ['/%6Dcp', 'mcp'],
  ])('%s is an %s call', (path, channel) => {
    expect(callChannelOf(path)).toBe(channel);
  });

  it.each(['/health/live', '/metrics', '/docs', '/media/x.png', '/apis', '/', '/%E0%A4%A'])(
    '%s is no call',
    (path) => {
      expect(callChannelOf(path)).toBeNull();
    },
  );
});

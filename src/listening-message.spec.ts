import { listeningMessage } from './listening-message.js';

describe('listeningMessage', () => {
  it.each([
    [
      { address: '0.0.0.0', family: 'IPv4', port: 3000 },
      'content-api listening on 0.0.0.0:3000 (all interfaces); public address http://localhost:3000',
    ],
    [
      { address: '::', family: 'IPv6', port: 8080 },
      'content-api listening on [::]:8080 (all interfaces); public address http://localhost:3000',
    ],
    [
      { address: '127.0.0.1', family: 'IPv4', port: 3001 },
      'content-api listening on 127.0.0.1:3001; public address http://localhost:3000',
    ],
  ])('names the bound address %p', (address, line) => {
    expect(listeningMessage(address, 'http://localhost:3000')).toBe(line);
  });
});

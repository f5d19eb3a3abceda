// The HTTP floor: a bare node:http server that answers every request with
// the same bytes from memory (the service's own answer to one request, read
// from FLOOR_BODY_FILE) — no framework, no database, no key check. What is
// left is the cost of HTTP in Node on this machine: no server can beat it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.FLOOR_BODY_FILE);
createServer((req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');

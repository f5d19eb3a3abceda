// CPU ms per request of one server process and of all PostgreSQL processes, at a fixed rate:
//   node bench/cpu-per-request.js <base url> <path> <server pid> <requests per second> <seconds>
// (8 connections, the bench keys in turn; reads /proc, so Linux only). A fixed rate below
// saturation measures the work per request, which other load on the machine does not inflate much.
import autocannon from 'autocannon';
import { readdirSync, readFileSync } from 'node:fs';
import { benchKeys } from './lib/dataset.js';

const [, , url, path, pidText, rateText, secondsText] = process.argv;
const pid = Number(pidText);
const ticks = 100; // USER_HZ
const cpuOf = (p) => {
  try {
    const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / ticks);
  } catch {
    return 0;
  }
};
const postgres = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
const pgCpu = () => postgres().reduce((sum, p) => sum + cpuOf(p), 0);
const keys = benchKeys();
let n = 0;
const before = { node: cpuOf(pid), pg: pgCpu() };
const result = await autocannon({
  url,
  connections: 8,
  overallRate: Number(rateText),
  duration: Number(secondsText),
  requests: [
    {
      method: 'GET',
      setupRequest: (req) => ({
        ...req,
        path,
        headers: { authorization: `Bearer ${keys[n++ % keys.length]}` },
      }),
    },
  ],
});
const after = { node: cpuOf(pid), pg: pgCpu() };
const total = result.requests.total;
console.log(
  JSON.stringify({
    path,
    requests: total,
    non2xx: result.non2xx,
    nodeMsPerRequest: +((after.node - before.node) / total).toFixed(3),
    postgresMsPerRequest: +((after.pg - before.pg) / total).toFixed(3),
  }),
);

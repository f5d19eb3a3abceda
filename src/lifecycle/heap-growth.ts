import { setFlagsFromString } from 'node:v8';

/**
 * Lets the V8 old generation grow by `percent` of its live size between full
 * collections. A heap that cannot grow by another 256 MiB under its cap is,
 * to V8, a low-memory device: it then grows it by about a third at most,
 * which with the service's ~60 MiB live heap means a full collection every
 * second or two under load, each marking the whole heap.
 * The shipped start caps the heap (docker/entrypoint.sh) and sets 200 %: the
 * heap then peaks near three times the live size, still within the cap,
 * which V8 keeps regardless (measured in bench/results/README.md). V8 reads
 * the flag whenever it sizes the heap after a collection, so setting it once
 * at start-up, before the application allocates, takes effect. 0 leaves V8's
 * own choice.
 */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}

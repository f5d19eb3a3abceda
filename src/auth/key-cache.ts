/**
 * How long a key's or a connection's state is trusted without asking the
 * database. Revocation, disconnection, suspension and resumption reach every
 * replica within this time (the contract allows 10 seconds).
 */
export const KEY_CACHE_TTL_MS = 5_000;

/**
 * A PostgreSQL WAL position (`pg_lsn`, written `16/B374D848`) as a number
 * that compares: the high 32 bits, then the low 32.
 */
export function walPosition(lsn: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn);
  if (!match) throw new Error(`Not a WAL position: "${lsn}"`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/**
 * The rows an UPDATE or DELETE … RETURNING gave back: TypeORM answers those
 * statements with `[rows, rowCount]`, and a SELECT or INSERT with the rows.
 */
export function returnedRows<T>(result: unknown): T[] {
  const rows = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
  return rows as T[];
}

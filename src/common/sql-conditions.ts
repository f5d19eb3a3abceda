/**
 * A WHERE clause built from only the filters a request gives, so each query
 * the planner sees is the plain one its index was made for (no
 * `$1 IS NULL OR …` branches).
 */
export class SqlConditions {
  readonly params: unknown[] = [];
  private readonly clauses: string[] = [];

  /** `after`: how many parameters of the statement come before these (their placeholders follow). */
  constructor(private readonly after = 0) {}

  /** Adds `clause(placeholder)` bound to `value`. */
  add(clause: (placeholder: string) => string, value: unknown): this {
    this.params.push(value);
    this.clauses.push(clause(`$${this.after + this.params.length}`));
    return this;
  }

  /** Adds a clause whose values are already bound (`bind`) or that has none. */
  addSql(clause: string): this {
    this.clauses.push(clause);
    return this;
  }

  /**
   * Inclusive UTC calendar days on a timestamptz column. The days go to
   * PostgreSQL as dates, whose range is wider than JavaScript's ISO strings
   * (`9999-12-31` + 1 day still works); a null column never matches.
   */
  dayRange(column: string, from?: string, to?: string): this {
    if (from !== undefined) this.add((p) => dayFrom(column, p), from);
    if (to !== undefined) this.add((p) => dayTo(column, p), to);
    return this;
  }

  /**
   * The same day range as SQL to place elsewhere than the WHERE clause (a
   * subquery), its values bound here; `TRUE` without days.
   */
  dayRangeSql(column: string, from?: string, to?: string): string {
    const parts: string[] = [];
    if (from !== undefined) parts.push(dayFrom(column, this.bind(from)));
    if (to !== undefined) parts.push(dayTo(column, this.bind(to)));
    return parts.length === 0 ? 'TRUE' : parts.join(' AND ');
  }

  /** Binds a value used outside the WHERE clause (a LIMIT) and returns its placeholder. */
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.after + this.params.length}`;
  }

  get sql(): string {
    return this.clauses.length === 0 ? 'TRUE' : this.clauses.join(' AND ');
  }
}

function dayFrom(column: string, placeholder: string): string {
  return `${column} >= ${placeholder}::date AT TIME ZONE 'UTC'`;
}

function dayTo(column: string, placeholder: string): string {
  return `${column} < (${placeholder}::date + 1) AT TIME ZONE 'UTC'`;
}

/** A timestamptz column as the API writes it: `2026-11-03T09:30:00Z` (RFC 3339, UTC, whole seconds). */
export function sqlTimestamp(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/** A timestamptz expression as its UTC calendar day, `YYYY-MM-DD`. */
export function sqlDay(expression: string): string {
  return `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
}

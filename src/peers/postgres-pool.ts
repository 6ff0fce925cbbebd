// The part of a pg Pool Airlock's PostgreSQL stores use, stated structurally so no pg types are needed to compile.

/** One query's result rows. */
export interface PostgresResult<Row> {
  readonly rows: Row[];
  readonly rowCount: number | null;
}

/** A connection checked out of a pool. */
export interface PostgresPoolClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
  release(): void;
}

/** A connection pool: `pg.Pool` satisfies it. */
export interface PostgresPool {
  query<Row extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<PostgresResult<Row>>;
  connect(): Promise<PostgresPoolClient>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

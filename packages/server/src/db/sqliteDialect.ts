/**
 * Kysely's SQLite dialect, with its one connection given to the oldest request first (turns.ts)
 * rather than to whichever query asked first, and never to a request whose client has gone.
 */
import { type DatabaseConnection, type Driver, SqliteDialect, type TransactionSettings } from 'kysely';
import { Turns } from './turns.ts';

export class OldestRequestFirstSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new OldestRequestFirstDriver(super.createDriver());
  }
}

class OldestRequestFirstDriver implements Driver {
  private readonly turns = new Turns(1);
  /** Ends the turn of the query or transaction holding the connection. */
  private leave: (() => void) | undefined;

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const leave = await this.turns.take();
    try {
      const connection = await this.inner.acquireConnection();
      this.leave = leave;
      return connection;
    } catch (err) {
      leave();
      throw err;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const leave = this.leave;
    this.leave = undefined;
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      leave?.();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  /**
   * SQLite ends the transaction itself when a statement fails with SQLITE_FULL (or IOERR, NOMEM,
   * BUSY in some cases); the ROLLBACK that follows would then fail with "no transaction is
   * active" and that error would replace the one that says why (a full disk must answer 507).
   */
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } catch (err) {
      if (!/no transaction is active/i.test(String((err as Error).message))) throw err;
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The two databases the catalogue runs on: SQLite (the default) and PostgreSQL. */
export type Dialect = 'sqlite' | 'postgres';

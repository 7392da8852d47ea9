/**
 * What every repository function runs on: the database handle, or a transaction a service opened
 * (a Kysely transaction is a Kysely too), so services decide where transactions begin and end.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

export type Queryable = Kysely<Database>;
export type { Dialect };

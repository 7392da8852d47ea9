import type { Kysely } from 'kysely';

/**
 * A migration sees the database as it was at its step, not as `schema.ts` says it is now, so it
 * works on an untyped handle.
 */
// biome-ignore lint/suspicious/noExplicitAny: the schema at a migration's step has no type of its own
export type AnyDb = Kysely<any>;

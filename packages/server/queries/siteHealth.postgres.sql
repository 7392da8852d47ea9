-- The queries of repositories/siteHealth.ts on postgres: written by npm run queries.

-- databaseBytes
select sum(pg_total_relation_size(c.oid)) as n
          from pg_class c join pg_namespace s on s.oid = c.relnamespace
          where s.nspname = current_schema() and c.relkind in ('r', 'm');
-- parameters: []

-- appliedMigrations
select name, timestamp from kysely_migration order by name;
-- parameters: []

-- libraryTotals
select count(*) as "n", sum("duration") as "seconds" from "works";
-- parameters: []

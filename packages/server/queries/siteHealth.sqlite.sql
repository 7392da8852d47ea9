-- The queries of repositories/siteHealth.ts on sqlite: written by npm run queries.

-- databaseBytes
select page_count * page_size as n from pragma_page_count(), pragma_page_size();
-- parameters: []

-- appliedMigrations
select name, timestamp from kysely_migration order by name;
-- parameters: []

-- libraryTotals
select count(*) as "n", sum("duration") as "seconds" from "works";
-- parameters: []

-- The queries of repositories/signals.ts on postgres: written by npm run queries.

-- notifyInstances
select pg_notify('sasayaki:' || current_schema(), $1);
-- parameters: ["settings"]

-- The queries of repositories/signals.ts on sqlite: written by npm run queries.

-- notifyInstances
select pg_notify('sasayaki:' || current_schema(), ?);
-- parameters: ["settings"]

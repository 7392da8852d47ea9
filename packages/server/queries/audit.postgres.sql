-- The queries of repositories/audit.ts on postgres: written by npm run queries.

-- insertAuditEntry
insert into "audit_log" ("at", "actor_id", "actor_name", "action", "target", "details") values ($1, $2, $3, $4, $5, $6);
-- parameters: [1700000000000,1,"admin","account.group","Alice","{\"group\":\"administrator\"}"]

-- auditPage
select * from "audit_log" where "actor_name" = $1 and "action" = $2 order by "at" desc, "id" desc limit $3 offset $4;
-- parameters: ["admin","account.group",20,40]

-- countAudit
select count(*) as "n" from "audit_log" where "actor_name" = $1;
-- parameters: ["admin"]

-- auditActions
select distinct "action" from "audit_log" order by "action";
-- parameters: []

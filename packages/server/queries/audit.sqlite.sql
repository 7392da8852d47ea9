-- The queries of repositories/audit.ts on sqlite: written by npm run queries.

-- insertAuditEntry
insert into "audit_log" ("at", "actor_id", "actor_name", "action", "target", "details") values (?, ?, ?, ?, ?, ?);
-- parameters: [1700000000000,1,"admin","account.group","Alice","{\"group\":\"administrator\"}"]

-- auditPage
select * from "audit_log" where "actor_name" = ? and "action" = ? order by "at" desc, "id" desc limit ? offset ?;
-- parameters: ["admin","account.group",20,40]

-- countAudit
select count(*) as "n" from "audit_log" where "actor_name" = ?;
-- parameters: ["admin"]

-- auditActions
select distinct "action" from "audit_log" order by "action";
-- parameters: []

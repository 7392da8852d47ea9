-- The queries of repositories/sessions.ts on sqlite: written by npm run queries.

-- insertSession
insert into "sessions" ("id", "user_id", "token_version", "created_at", "last_seen_at", "expires_at", "client", "address") values (?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: ["c0ffee",7,0,1700000000000,1700000000000,1700000001000,"Firefox 140 on Linux","127.0.0.1"]

-- deleteEndedSessions
delete from "sessions" where ("expires_at" <= ? or "token_version" != (select "users"."token_version" from "users" where "users"."id" = "sessions"."user_id"));
-- parameters: [1700000000000]

-- trimSessions
delete from "sessions" where "user_id" = ? and "id" not in (select "id" from "sessions" where "user_id" = ? order by "last_seen_at" desc, "id" limit ?);
-- parameters: [7,7,50]

-- findSessionHolder
select "users"."id", "users"."name", "users"."grp", "users"."token_version", "users"."last_seen_at", "users"."disabled_at", "sessions"."last_seen_at" as "session_seen_at", "sessions"."expires_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."id" = ? and "sessions"."user_id" = ? and "sessions"."expires_at" > ? and "sessions"."token_version" = "users"."token_version";
-- parameters: ["c0ffee",7,1700000000000]

-- touchSession
update "sessions" set "last_seen_at" = ?, "address" = ? where "id" = ? and "last_seen_at" < ?;
-- parameters: [1700000000000,"127.0.0.1","c0ffee",1699999940000]

-- sessionsOf
select "sessions"."id", "sessions"."user_id", "sessions"."created_at", "sessions"."last_seen_at", "sessions"."expires_at", "sessions"."client", "sessions"."address" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."user_id" = ? and "sessions"."expires_at" > ? and "sessions"."token_version" = "users"."token_version" order by "sessions"."last_seen_at" desc, "sessions"."id";
-- parameters: [7,1700000000000]

-- deleteSession
delete from "sessions" where "id" = ? and "user_id" = ?;
-- parameters: ["c0ffee",7]

-- deleteSessionsOf
delete from "sessions" where "user_id" = ? and "id" != ?;
-- parameters: [7,"c0ffee"]

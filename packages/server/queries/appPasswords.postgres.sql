-- The queries of repositories/appPasswords.ts on postgres: written by npm run queries.

-- insertAppPassword
insert into "app_passwords" ("user_id", "name", "secret_enc", "secret_hash", "created_at") values ($1, $2, $3, $4, $5) returning "id";
-- parameters: [7,"Phone","iv.tag.data","ab12",1700000000000]

-- appPasswordsOfUser
select * from "app_passwords" where "user_id" = $1 order by "created_at" desc, "id" desc;
-- parameters: [7]

-- countAppPasswords
select count(*) as "n" from "app_passwords" where "user_id" = $1;
-- parameters: [7]

-- appPasswordByHash
select * from "app_passwords" where "secret_hash" = $1;
-- parameters: ["ab12"]

-- deleteAppPassword
delete from "app_passwords" where "id" = $1 and "user_id" = $2;
-- parameters: [3,7]

-- touchAppPassword
update "app_passwords" set "last_used_at" = $1 where "id" = $2;
-- parameters: [1700000000000,3]

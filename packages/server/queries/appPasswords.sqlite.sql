-- The queries of repositories/appPasswords.ts on sqlite: written by npm run queries.

-- insertAppPassword
insert into "app_passwords" ("user_id", "name", "secret_enc", "secret_hash", "created_at") values (?, ?, ?, ?, ?) returning "id";
-- parameters: [7,"Phone","iv.tag.data","ab12",1700000000000]

-- appPasswordsOfUser
select * from "app_passwords" where "user_id" = ? order by "created_at" desc, "id" desc;
-- parameters: [7]

-- countAppPasswords
select count(*) as "n" from "app_passwords" where "user_id" = ?;
-- parameters: [7]

-- appPasswordByHash
select * from "app_passwords" where "secret_hash" = ?;
-- parameters: ["ab12"]

-- deleteAppPassword
delete from "app_passwords" where "id" = ? and "user_id" = ?;
-- parameters: [3,7]

-- touchAppPassword
update "app_passwords" set "last_used_at" = ? where "id" = ?;
-- parameters: [1700000000000,3]

-- The queries of repositories/users.ts on postgres: written by npm run queries.

-- findUserIdByNameOrKey
select "id" from "users" where ("name" = $1 or "name_key" = $2 or "name_skeleton" = $3);
-- parameters: ["Alice","alice","alice"]

-- anyAdministratorId
select "id" from "users" where "grp" = $1 limit $2;
-- parameters: ["administrator",1]

-- insertUser
insert into "users" ("name", "name_key", "name_skeleton", "password_hash", "grp", "email", "recommender_uuid", "created_at", "updated_at") values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *;
-- parameters: ["Alice","alice","alice","$argon2id$…","user",null,"00000000-0000-4000-8000-000000000001",1700000000000,1700000000000]

-- findUserRowByName
select * from "users" where "name" = $1;
-- parameters: ["Alice"]

-- findUserRowByNameKey
select * from "users" where "name_key" = $1;
-- parameters: ["alice"]

-- findUserRowById
select * from "users" where "id" = $1;
-- parameters: [7]

-- findUserRowByEmail
select * from "users" where "email" = $1;
-- parameters: ["alice@example.com"]

-- findUserIdByEmail
select "id" from "users" where "email" = $1 and "id" != $2;
-- parameters: ["alice@example.com",7]

-- updatePasswordByName
update "users" set "password_hash" = $1, "token_version" = "token_version" + $2, "updated_at" = $3 where "name" = $4;
-- parameters: ["$argon2id$…",1,1700000000000,"Alice"]

-- updatePasswordById
update "users" set "password_hash" = $1, "token_version" = "token_version" + $2, "updated_at" = $3 where "id" = $4 returning *;
-- parameters: ["$argon2id$…",1,1700000000000,7]

-- updateEmail
update "users" set "email" = $1, "updated_at" = $2 where "id" = $3 returning *;
-- parameters: ["alice@example.com",1700000000000,7]

-- deleteUserByName
delete from "users" where "name" = $1;
-- parameters: ["Alice"]

-- deleteUserById
delete from "users" where "id" = $1;
-- parameters: [7]

-- allUsers
select "id", "name", "grp", "email", "created_at" from "users" order by "id";
-- parameters: []

-- touchLastSeen
update "users" set "last_seen_at" = $1 where "id" = $2 and ("last_seen_at" is null or "last_seen_at" < $3);
-- parameters: [1700000000000,7,1699999940000]

-- updateDisabled
update "users" set "disabled_at" = $1, "token_version" = "token_version" + $2, "updated_at" = $3 where "id" = $4;
-- parameters: [1700000000000,1,1700000000000,7]

-- updateGroupById
update "users" set "grp" = $1, "token_version" = "token_version" + $2, "updated_at" = $3 where "id" = $4;
-- parameters: ["administrator",1,1700000000000,7]

-- lockActiveAdministrators
select "id" from "users" where "grp" = $1 and "disabled_at" is null for update;
-- parameters: ["administrator"]

-- consoleAccountsPage
select "id", "name", "grp", "email", "created_at", "last_seen_at", "disabled_at" from "users" where (lower(name) like $1 escape '\' or lower(coalesce(email, '')) like $2 escape '\') order by "id" limit $3 offset $4;
-- parameters: ["%ali%","%ali%",20,40]

-- countConsoleAccounts
select count(*) as "n" from "users" where (lower(name) like $1 escape '\' or lower(coalesce(email, '')) like $2 escape '\');
-- parameters: ["%ali%","%ali%"]

-- ownedRowCounts
select count(*) as "n" from "reviews" where "user_id" = $1;
-- parameters: [7]

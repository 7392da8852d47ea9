-- The queries of repositories/users.ts on postgres: written by npm run queries.

-- findUserIdByNameOrKey
select "id" from "users" where ("name" = $1 or "name_key" = $2);
-- parameters: ["Alice","alice"]

-- insertUser
insert into "users" ("name", "name_key", "password_hash", "grp", "email", "recommender_uuid", "created_at", "updated_at") values ($1, $2, $3, $4, $5, $6, $7, $8) returning *;
-- parameters: ["Alice","alice","$argon2id$…","user",null,"00000000-0000-4000-8000-000000000001",1700000000000,1700000000000]

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

-- findTokenHolder
select "id", "name", "grp", "token_version" from "users" where "id" = $1;
-- parameters: [7]

-- updatePasswordByName
update "users" set "password_hash" = $1, "token_version" = "token_version" + $2, "updated_at" = $3 where "name" = $4;
-- parameters: ["$argon2id$…",1,1700000000000,"Alice"]

-- updatePasswordById
update "users" set "password_hash" = $1, "token_version" = "token_version" + $2, "updated_at" = $3 where "id" = $4 returning *;
-- parameters: ["$argon2id$…",1,1700000000000,7]

-- updateGroupByName
update "users" set "grp" = $1, "token_version" = "token_version" + $2, "updated_at" = $3 where "name" = $4;
-- parameters: ["administrator",1,1700000000000,"Alice"]

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

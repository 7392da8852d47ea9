-- The queries of repositories/users.ts on sqlite: written by npm run queries.

-- findUserIdByNameOrKey
select "id" from "users" where ("name" = ? or "name_key" = ?);
-- parameters: ["Alice","alice"]

-- insertUser
insert into "users" ("name", "name_key", "password_hash", "grp", "email", "recommender_uuid", "created_at", "updated_at") values (?, ?, ?, ?, ?, ?, ?, ?) returning *;
-- parameters: ["Alice","alice","$argon2id$…","user",null,"00000000-0000-4000-8000-000000000001",1700000000000,1700000000000]

-- findUserRowByName
select * from "users" where "name" = ?;
-- parameters: ["Alice"]

-- findUserRowByNameKey
select * from "users" where "name_key" = ?;
-- parameters: ["alice"]

-- findUserRowById
select * from "users" where "id" = ?;
-- parameters: [7]

-- findUserRowByEmail
select * from "users" where "email" = ?;
-- parameters: ["alice@example.com"]

-- findUserIdByEmail
select "id" from "users" where "email" = ? and "id" != ?;
-- parameters: ["alice@example.com",7]

-- findTokenHolder
select "id", "name", "grp", "token_version" from "users" where "id" = ?;
-- parameters: [7]

-- updatePasswordByName
update "users" set "password_hash" = ?, "token_version" = "token_version" + ?, "updated_at" = ? where "name" = ?;
-- parameters: ["$argon2id$…",1,1700000000000,"Alice"]

-- updatePasswordById
update "users" set "password_hash" = ?, "token_version" = "token_version" + ?, "updated_at" = ? where "id" = ? returning *;
-- parameters: ["$argon2id$…",1,1700000000000,7]

-- updateGroupByName
update "users" set "grp" = ?, "token_version" = "token_version" + ?, "updated_at" = ? where "name" = ?;
-- parameters: ["administrator",1,1700000000000,"Alice"]

-- updateEmail
update "users" set "email" = ?, "updated_at" = ? where "id" = ? returning *;
-- parameters: ["alice@example.com",1700000000000,7]

-- deleteUserByName
delete from "users" where "name" = ?;
-- parameters: ["Alice"]

-- deleteUserById
delete from "users" where "id" = ?;
-- parameters: [7]

-- allUsers
select "id", "name", "grp", "email", "created_at" from "users" order by "id";
-- parameters: []

-- The queries of repositories/users.ts on sqlite: written by npm run queries.

-- findUserIdByNameOrKey
select "id" from "users" where ("name" = ? or "name_key" = ? or "name_skeleton" = ?);
-- parameters: ["Alice","alice","alice"]

-- anyAdministratorId
select "id" from "users" where "grp" = ? limit ?;
-- parameters: ["administrator",1]

-- insertUser
insert into "users" ("name", "name_key", "name_skeleton", "password_hash", "grp", "email", "recommender_uuid", "created_at", "updated_at") values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning *;
-- parameters: ["Alice","alice","alice","$argon2id$…","user",null,"00000000-0000-4000-8000-000000000001",1700000000000,1700000000000]

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

-- updatePasswordByName
update "users" set "password_hash" = ?, "token_version" = "token_version" + ?, "updated_at" = ? where "name" = ?;
-- parameters: ["$argon2id$…",1,1700000000000,"Alice"]

-- updatePasswordById
update "users" set "password_hash" = ?, "token_version" = "token_version" + ?, "updated_at" = ? where "id" = ? returning *;
-- parameters: ["$argon2id$…",1,1700000000000,7]

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

-- touchLastSeen
update "users" set "last_seen_at" = ? where "id" = ? and ("last_seen_at" is null or "last_seen_at" < ?);
-- parameters: [1700000000000,7,1699999940000]

-- updateDisabled
update "users" set "disabled_at" = ?, "token_version" = "token_version" + ?, "updated_at" = ? where "id" = ?;
-- parameters: [1700000000000,1,1700000000000,7]

-- updateGroupById
update "users" set "grp" = ?, "token_version" = "token_version" + ?, "updated_at" = ? where "id" = ?;
-- parameters: ["administrator",1,1700000000000,7]

-- lockActiveAdministrators
select "id" from "users" where "grp" = ? and "disabled_at" is null;
-- parameters: ["administrator"]

-- consoleAccountsPage
select "id", "name", "grp", "email", "created_at", "last_seen_at", "disabled_at" from "users" where (lower(name) like ? escape '\' or lower(coalesce(email, '')) like ? escape '\') order by "id" limit ? offset ?;
-- parameters: ["%ali%","%ali%",20,40]

-- countConsoleAccounts
select count(*) as "n" from "users" where (lower(name) like ? escape '\' or lower(coalesce(email, '')) like ? escape '\');
-- parameters: ["%ali%","%ali%"]

-- ownedRowCounts
select count(*) as "n" from "reviews" where "user_id" = ?;
-- parameters: [7]

-- The queries of repositories/verifications.ts on sqlite: written by npm run queries.

-- deleteOpenCodes
delete from "email_verifications" where "user_id" = ? and "purpose" = ?;
-- parameters: [7,"link"]

-- deleteExpiredCodes
delete from "email_verifications" where "user_id" = ? and "expires_at" <= ?;
-- parameters: [7,1700000000000]

-- insertCode
insert into "email_verifications" ("id", "user_id", "purpose", "email", "code_hash", "expires_at", "created_at") values (?, ?, ?, ?, ?, ?, ?);
-- parameters: ["00000000-0000-4000-8000-000000000001",7,"link","alice@example.com","hash",1700000000000,1700000000000]

-- claimAttempt
update "email_verifications" set "attempts" = "attempts" + ? where "id" = ? and "purpose" = ? and "attempts" < ? and "expires_at" > ? and "user_id" = ? returning *;
-- parameters: [1,"00000000-0000-4000-8000-000000000001","reset",5,1700000000000,7]

-- deleteCode
delete from "email_verifications" where "id" = ? and "purpose" = ? and "user_id" = ?;
-- parameters: ["00000000-0000-4000-8000-000000000001","reset",7]

-- useCode
delete from "email_verifications" where "id" = ?;
-- parameters: ["00000000-0000-4000-8000-000000000001"]

-- The queries of repositories/verifications.ts on postgres: written by npm run queries.

-- deleteOpenCodes
delete from "email_verifications" where "user_id" = $1 and "purpose" = $2;
-- parameters: [7,"link"]

-- deleteExpiredCodes
delete from "email_verifications" where "user_id" = $1 and "expires_at" <= $2;
-- parameters: [7,1700000000000]

-- insertCode
insert into "email_verifications" ("id", "user_id", "purpose", "email", "code_hash", "expires_at", "created_at") values ($1, $2, $3, $4, $5, $6, $7);
-- parameters: ["00000000-0000-4000-8000-000000000001",7,"link","alice@example.com","hash",1700000000000,1700000000000]

-- claimAttempt
update "email_verifications" set "attempts" = "attempts" + $1 where "id" = $2 and "purpose" = $3 and "attempts" < $4 and "expires_at" > $5 and "user_id" = $6 returning *;
-- parameters: [1,"00000000-0000-4000-8000-000000000001","reset",5,1700000000000,7]

-- deleteCode
delete from "email_verifications" where "id" = $1 and "purpose" = $2 and "user_id" = $3;
-- parameters: ["00000000-0000-4000-8000-000000000001","reset",7]

-- useCode
delete from "email_verifications" where "id" = $1;
-- parameters: ["00000000-0000-4000-8000-000000000001"]

-- The queries of repositories/invitations.ts on postgres: written by npm run queries.

-- insertInvitation
insert into "invitations" ("code_hash", "note", "created_by", "created_at", "expires_at") values ($1, $2, $3, $4, $5) returning *;
-- parameters: ["abababababababababababababababababababababababababababababababab","for a friend","admin",1700000000000,1700604800000]

-- recentInvitations
select * from "invitations" order by "created_at" desc, "id" desc limit $1;
-- parameters: [200]

-- findInvitationByHash
select * from "invitations" where "code_hash" = $1;
-- parameters: ["abababababababababababababababababababababababababababababababab"]

-- revokeInvitation
update "invitations" set "revoked_at" = $1 where "id" = $2 and "used_at" is null and "revoked_at" is null;
-- parameters: [1700000000000,1]

-- claimInvitation
update "invitations" set "used_at" = $1, "used_by" = $2 where "code_hash" = $3 and "used_at" is null and "revoked_at" is null and "expires_at" > $4;
-- parameters: [1700000000000,"friend","abababababababababababababababababababababababababababababababab",1700000000000]

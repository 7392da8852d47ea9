-- The queries of repositories/invitations.ts on sqlite: written by npm run queries.

-- insertInvitation
insert into "invitations" ("code_hash", "note", "created_by", "created_at", "expires_at") values (?, ?, ?, ?, ?) returning *;
-- parameters: ["abababababababababababababababababababababababababababababababab","for a friend","admin",1700000000000,1700604800000]

-- recentInvitations
select * from "invitations" order by "created_at" desc, "id" desc limit ?;
-- parameters: [200]

-- findInvitationByHash
select * from "invitations" where "code_hash" = ?;
-- parameters: ["abababababababababababababababababababababababababababababababab"]

-- revokeInvitation
update "invitations" set "revoked_at" = ? where "id" = ? and "used_at" is null and "revoked_at" is null;
-- parameters: [1700000000000,1]

-- claimInvitation
update "invitations" set "used_at" = ?, "used_by" = ? where "code_hash" = ? and "used_at" is null and "revoked_at" is null and "expires_at" > ?;
-- parameters: [1700000000000,"friend","abababababababababababababababababababababababababababababababab",1700000000000]

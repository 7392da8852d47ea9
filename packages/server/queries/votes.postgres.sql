-- The queries of repositories/votes.ts on postgres: written by npm run queries.

-- workTagOrigin
select "origin" from "work_tags" where "work_id" = $1 and "tag_id" = $2;
-- parameters: [1001,3]

-- voteStatuses
select "status" from "tag_votes" where "work_id" = $1 and "tag_id" = $2;
-- parameters: [1001,3]

-- updateWorkTagCounts
update "work_tags" set "upvote" = $1, "downvote" = $2, "vote_status" = $3 where "work_id" = $4 and "tag_id" = $5;
-- parameters: [2,0,0,1001,3]

-- deleteVote
delete from "tag_votes" where "user_id" = $1 and "work_id" = $2 and "tag_id" = $3;
-- parameters: [7,1001,3]

-- insertVote
insert into "tag_votes" ("user_id", "work_id", "tag_id", "status", "created_at") values ($1, $2, $3, $4, $5);
-- parameters: [7,1001,3,1,1700000000000]

-- tagVoteStates
select "wt"."tag_id", "wt"."upvote", "wt"."downvote", "wt"."vote_status", "v"."status" from "work_tags" as "wt" left join "tag_votes" as "v" on "v"."work_id" = "wt"."work_id" and "v"."tag_id" = "wt"."tag_id" and "v"."user_id" = $1 where "wt"."work_id" = $2 and "wt"."tag_id" in ($3, $4) order by "wt"."tag_id";
-- parameters: [7,1001,3,4]

-- attachedTagIds
select "tag_id" from "work_tags" where "work_id" = $1 and "tag_id" in ($2, $3);
-- parameters: [1001,3,4]

-- existingTagIds
select "id" from "tags" where "id" in ($1, $2);
-- parameters: [3,4]

-- insertUserWorkTag
insert into "work_tags" ("work_id", "tag_id", "added_by", "vote_status", "created_at", "origin") values ($1, $2, $3, $4, $5, $6);
-- parameters: [1001,3,7,1,1700000000000,"user"]

-- votedWorkTagsOfUser
select "work_id", "tag_id" from "tag_votes" where "user_id" = $1;
-- parameters: [7]

-- deleteVotesOfUser
delete from "tag_votes" where "user_id" = $1;
-- parameters: [7]

-- deleteWorkTag
delete from "tag_votes" where "work_id" = $1 and "tag_id" = $2;
-- parameters: [1001,3]
delete from "work_tags" where "work_id" = $1 and "tag_id" = $2;
-- parameters: [1001,3]

-- insertTagRemoval
insert into "work_tag_removals" ("work_id", "tag_id", "removed_at") values ($1, $2, $3) on conflict ("work_id", "tag_id") do update set "removed_at" = $4;
-- parameters: [1001,3,1700000000000,1700000000000]

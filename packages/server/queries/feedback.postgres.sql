-- The queries of repositories/feedback.ts on postgres: written by npm run queries.

-- insertFeedback
insert into "feedback" ("user_id", "work_id", "category", "details", "url", "created_at", "handled_at") values ($1, $2, $3, $4, $5, $6, $7) returning "id";
-- parameters: [7,1001,"audio","track 2 is silent","/work/RJ01001",1700000000000,null]

-- countFeedback
select count(*) as "n" from "feedback" as "f" where "f"."handled_at" is null;
-- parameters: []

-- feedbackPage
select "f"."id", "f"."category", "f"."details", "f"."url", "f"."created_at", "f"."handled_at", "f"."work_id", "u"."name" as "user_name", "w"."source_id", "w"."title" from "feedback" as "f" left join "users" as "u" on "u"."id" = "f"."user_id" left join "works" as "w" on "w"."id" = "f"."work_id" order by "f"."created_at" desc, "f"."id" desc limit $1 offset $2;
-- parameters: [20,0]

-- setHandledAt
update "feedback" set "handled_at" = $1 where "id" = $2;
-- parameters: [1700000000000,5]

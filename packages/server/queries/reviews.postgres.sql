-- The queries of repositories/reviews.ts on postgres: written by npm run queries.

-- reviewsOfWork
select "rating", "review_text" from "reviews" where "work_id" = $1 and "hidden_at" is null;
-- parameters: [1001]

-- reviewedAmong
select distinct "work_id" from "reviews" where "work_id" in ($1, $2);
-- parameters: [1001,1002]

-- findReview
select * from "reviews" where "user_id" = $1 and "work_id" = $2;
-- parameters: [7,1001]

-- deleteReviewRow
delete from "reviews" where "user_id" = $1 and "work_id" = $2;
-- parameters: [7,1001]

-- updateReviewRow
update "reviews" set "rating" = $1, "review_text" = $2, "progress" = $3, "updated_at" = $4 where "user_id" = $5 and "work_id" = $6;
-- parameters: [5,"good","listened",1700000000000,7,1001]

-- insertReviewRow
insert into "reviews" ("user_id", "work_id", "created_at", "rating", "review_text", "progress", "updated_at") values ($1, $2, $3, $4, $5, $6, $7);
-- parameters: [7,1001,1700000000000,5,null,null,1700000000000]

-- reviewedWorksOfUser
select "work_id" from "reviews" where "user_id" = $1;
-- parameters: [7]

-- deleteReviewsOfUser
delete from "reviews" where "user_id" = $1;
-- parameters: [7]

-- countPublicReviews
select count(*) as "n" from "reviews" as "r" where "r"."work_id" = $1 and ("r"."rating" is not null or "r"."review_text" is not null) and ("r"."hidden_at" is null or "r"."user_id" = $2);
-- parameters: [1001,7]

-- publicReviewsPage
select "u"."name", "r"."user_id", "r"."rating", "r"."review_text", "r"."updated_at" from "reviews" as "r" inner join "users" as "u" on "u"."id" = "r"."user_id" where "r"."work_id" = $1 and ("r"."rating" is not null or "r"."review_text" is not null) and ("r"."hidden_at" is null or "r"."user_id" = $2) order by "r"."updated_at" desc, "r"."user_id" desc limit $3 offset $4;
-- parameters: [1001,7,20,40]

-- moderationReviewsPage
select "r"."user_id", "u"."name", "r"."work_id", "w"."title", "r"."rating", "r"."review_text", "r"."updated_at", "r"."hidden_at" from "reviews" as "r" inner join "users" as "u" on "u"."id" = "r"."user_id" left join "works" as "w" on "w"."id" = "r"."work_id" where ("r"."rating" is not null or "r"."review_text" is not null) and "r"."hidden_at" is null and (lower(coalesce(r.review_text, '')) like $1 escape '\' or lower(u.name) like $2 escape '\' or lower(coalesce(w.title, '')) like $3 escape '\') order by "r"."updated_at" desc, "r"."user_id" desc limit $4 offset $5;
-- parameters: ["%spoiler%","%spoiler%","%spoiler%",20,40]

-- countModerationReviews
select count(*) as "n" from "reviews" as "r" inner join "users" as "u" on "u"."id" = "r"."user_id" left join "works" as "w" on "w"."id" = "r"."work_id" where ("r"."rating" is not null or "r"."review_text" is not null) and "r"."hidden_at" is not null and (lower(coalesce(r.review_text, '')) like $1 escape '\' or lower(u.name) like $2 escape '\' or lower(coalesce(w.title, '')) like $3 escape '\');
-- parameters: ["%spoiler%","%spoiler%","%spoiler%"]

-- updateReviewHidden
update "reviews" set "hidden_at" = $1 where "user_id" = $2 and "work_id" = $3;
-- parameters: [1700000000000,7,1001]

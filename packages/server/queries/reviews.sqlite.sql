-- The queries of repositories/reviews.ts on sqlite: written by npm run queries.

-- reviewsOfWork
select "rating", "review_text" from "reviews" where "work_id" = ? and "hidden_at" is null;
-- parameters: [1001]

-- reviewedAmong
select distinct "work_id" from "reviews" where "work_id" in (?, ?);
-- parameters: [1001,1002]

-- findReview
select * from "reviews" where "user_id" = ? and "work_id" = ?;
-- parameters: [7,1001]

-- deleteReviewRow
delete from "reviews" where "user_id" = ? and "work_id" = ?;
-- parameters: [7,1001]

-- updateReviewRow
update "reviews" set "rating" = ?, "review_text" = ?, "progress" = ?, "updated_at" = ? where "user_id" = ? and "work_id" = ?;
-- parameters: [5,"good","listened",1700000000000,7,1001]

-- insertReviewRow
insert into "reviews" ("user_id", "work_id", "created_at", "rating", "review_text", "progress", "updated_at") values (?, ?, ?, ?, ?, ?, ?);
-- parameters: [7,1001,1700000000000,5,null,null,1700000000000]

-- reviewedWorksOfUser
select "work_id" from "reviews" where "user_id" = ?;
-- parameters: [7]

-- deleteReviewsOfUser
delete from "reviews" where "user_id" = ?;
-- parameters: [7]

-- countPublicReviews
select count(*) as "n" from "reviews" as "r" where "r"."work_id" = ? and ("r"."rating" is not null or "r"."review_text" is not null) and ("r"."hidden_at" is null or "r"."user_id" = ?);
-- parameters: [1001,7]

-- publicReviewsPage
select "u"."name", "r"."user_id", "r"."rating", "r"."review_text", "r"."updated_at" from "reviews" as "r" inner join "users" as "u" on "u"."id" = "r"."user_id" where "r"."work_id" = ? and ("r"."rating" is not null or "r"."review_text" is not null) and ("r"."hidden_at" is null or "r"."user_id" = ?) order by "r"."updated_at" desc, "r"."user_id" desc limit ? offset ?;
-- parameters: [1001,7,20,40]

-- moderationReviewsPage
select "r"."user_id", "u"."name", "r"."work_id", "w"."title", "r"."rating", "r"."review_text", "r"."updated_at", "r"."hidden_at" from "reviews" as "r" inner join "users" as "u" on "u"."id" = "r"."user_id" left join "works" as "w" on "w"."id" = "r"."work_id" where ("r"."rating" is not null or "r"."review_text" is not null) and "r"."hidden_at" is null and (lower(coalesce(r.review_text, '')) like ? escape '\' or lower(u.name) like ? escape '\' or lower(coalesce(w.title, '')) like ? escape '\') order by "r"."updated_at" desc, "r"."user_id" desc limit ? offset ?;
-- parameters: ["%spoiler%","%spoiler%","%spoiler%",20,40]

-- countModerationReviews
select count(*) as "n" from "reviews" as "r" inner join "users" as "u" on "u"."id" = "r"."user_id" left join "works" as "w" on "w"."id" = "r"."work_id" where ("r"."rating" is not null or "r"."review_text" is not null) and "r"."hidden_at" is not null and (lower(coalesce(r.review_text, '')) like ? escape '\' or lower(u.name) like ? escape '\' or lower(coalesce(w.title, '')) like ? escape '\');
-- parameters: ["%spoiler%","%spoiler%","%spoiler%"]

-- updateReviewHidden
update "reviews" set "hidden_at" = ? where "user_id" = ? and "work_id" = ?;
-- parameters: [1700000000000,7,1001]

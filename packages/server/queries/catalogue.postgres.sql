-- The queries of repositories/catalogue.ts on postgres: written by npm run queries.

-- workRowsByIds
select "w"."id", "w"."source_id", "w"."source_type", "w"."source_url", "w"."title", "w"."circle_id", "w"."release", "w"."create_date", "w"."price", "w"."dl_count", "w"."rate_count", "w"."rate_average_2dp", "w"."rate_count_detail", "w"."site_rate_count_detail", "w"."review_count", "w"."rank", "w"."age_category", "w"."nsfw", "w"."has_subtitle", "w"."community_subtitles", "w"."duration", "w"."lang", "w"."language_editions", "w"."translation_info", "w"."original_workno", "w"."work_attributes" from "works" as "w" where "w"."id" in ($1, $2);
-- parameters: [1001,1002]

-- circlesByIds
select "id", "name", "source_id", "source_type" from "circles" where "id" in ($1);
-- parameters: [3]

-- vasOfWorks
select "wv"."work_id", "a"."id", "a"."name" from "work_vas" as "wv" inner join "vas" as "a" on "a"."id" = "wv"."va_id" where "wv"."work_id" in ($1, $2) order by "wv"."work_id", "wv"."position", "a"."name";
-- parameters: [1001,1002]

-- tagsOfWorks
select "wt"."work_id", "wt"."upvote", "wt"."downvote", "wt"."vote_status", "t"."id", "t"."name", "t"."name_en", "t"."name_ja", "t"."name_zh", "t"."censored_en", "t"."censored_ja", "t"."censored_zh" from "work_tags" as "wt" inner join "tags" as "t" on "t"."id" = "wt"."tag_id" where "wt"."work_id" in ($1, $2);
-- parameters: [1001,1002]

-- worksByCodes
select "id", "source_id", "source_type", "title", "lang", "original_workno", "translation_info" from "works" where "source_id" in ($1, $2);
-- parameters: ["RJ01001","RJ01002"]

-- viewerVotes
select "work_id", "tag_id", "status" from "tag_votes" where "user_id" = $1 and "work_id" in ($2, $3);
-- parameters: [7,1001,1002]

-- viewerReviews
select "work_id", "rating", "review_text", "progress", "updated_at" from "reviews" where "user_id" = $1 and "work_id" in ($2, $3);
-- parameters: [7,1001,1002]

-- viewerMemberships
select "pw"."playlist_id", "pw"."work_id" from "playlist_works" as "pw" inner join "playlists" as "p" on "p"."id" = "pw"."playlist_id" where "p"."user_id" = $1 and "pw"."playlist_id" in ($2) and "pw"."work_id" in ($3, $4);
-- parameters: [7,"00000000-0000-4000-8000-000000000001",1001,1002]

-- generationQuery
select "generation" from "catalogue_state" where "id" = $1;
-- parameters: [1]

-- changesSince
select "s"."generation" as "head", "c"."generation" as "changed", "c"."scope" as "scope" from "catalogue_state" as "s" left join "catalogue_changes" as "c" on "c"."generation" > $1 where "s"."id" = $2 order by "c"."generation" limit $3;
-- parameters: [41,1,5001]

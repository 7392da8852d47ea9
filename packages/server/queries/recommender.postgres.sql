-- The queries of repositories/recommender.ts on postgres: written by npm run queries.

-- playedWorksOfUser
select "work_id", max(created_at) as "last", count(*) as "n" from "recommender_events" where "user_id" = $1 and "type" in ($2, $3, $4, $5, $6, $7, $8, $9) group by "work_id" order by max(created_at) desc, "work_id" desc limit $10;
-- parameters: [7,"start","play5m","play15m","play30m","play60m","progress30","progress60","progress90",50]

-- insertEvent
insert into "recommender_events" ("subject", "user_id", "work_id", "type", "weight", "created_at", "viewer") values ($1, $2, $3, $4, $5, $6, $7) on conflict ("subject", "work_id", "type") do update set "user_id" = "excluded"."user_id", "weight" = "excluded"."weight", "created_at" = "excluded"."created_at", "viewer" = "excluded"."viewer";
-- parameters: ["00000000-0000-4000-8000-000000000001",7,1001,"play",1,1700000000000,"u:7"]

-- deleteEventsBefore
delete from "recommender_events" where "created_at" < $1;
-- parameters: [1700000000000]

-- dailyEventWeights
select "v"."work_id", "v"."day", sum("v"."w") as "w" from (select "work_id", max("weight") as "w", max("created_at") / $1 as "day" from "recommender_events" where "created_at" > $2 group by "work_id", "viewer", "type") as "v" group by "v"."work_id", "v"."day";
-- parameters: [86400000,1700000000000]

-- dailyReviews
select "work_id", "updated_at" / $1 as "day", count(*) as "n", sum(coalesce("rating", $2)) as "stars" from "reviews" where "updated_at" > $3 group by "work_id", "day";
-- parameters: [86400000,3,1700000000000]

-- dailyPlaylistAdds
select "work_id", "added_at" / $1 as "day", count(*) as "n" from "playlist_works" where "added_at" > $2 group by "work_id", "day";
-- parameters: [86400000,1700000000000]

-- bestKnownWorks
select "id" from "works" order by "rate_count" desc, "dl_count" desc, "id" desc limit $1;
-- parameters: [100]

-- featureRows
select "work_id", "tag_id" from "work_tags" where "work_id" in ($1, $2) and "vote_status" != $3;
-- parameters: [1001,1002,2]
select "work_id", "va_id" from "work_vas" where "work_id" in ($1, $2);
-- parameters: [1001,1002]
select "id", "circle_id" from "works" where "id" in ($1, $2);
-- parameters: [1001,1002]

-- tagWorkCounts
select "tag_id", count(*) as "n" from "work_tags" where "tag_id" in ($1, $2) group by "tag_id";
-- parameters: [3,4]

-- worksOfVas
select "work_id", "va_id" from "work_vas" where "va_id" in ($1) limit $2;
-- parameters: ["a1b2",20000]

-- worksOfCircles
select "id", "circle_id" from "works" where "circle_id" in ($1) limit $2;
-- parameters: [3,20000]

-- countWorks
select count(*) as "n" from "works";
-- parameters: []

-- worksByTagWeight
select "work_id", sum(case when tag_id = $1 then cast($2 as double precision) when tag_id = $3 then cast($4 as double precision) else 0 end) as "s" from "work_tags" where "tag_id" in ($5, $6) and "vote_status" != $7 group by "work_id" order by "s" desc limit $8;
-- parameters: [3,1.5,4,0.25,3,4,2,2000]

-- subjectsOfWorks
select distinct "subject" from "recommender_events" where "work_id" in ($1) and "subject" not in ($2) limit $3;
-- parameters: [1001,"00000000-0000-4000-8000-000000000001",1000]

-- worksOfSubjects
select "work_id", count(distinct "subject") as "n" from "recommender_events" where "subject" in ($1) and "work_id" not in ($2) group by "work_id";
-- parameters: ["00000000-0000-4000-8000-000000000001",1001]

-- recommenderUuidOf
select "recommender_uuid" from "users" where "id" = $1;
-- parameters: [7]

-- eventsOf
select "work_id", "type", "weight", "created_at" from "recommender_events" where ("subject" in ($1) or "user_id" = $2) order by "created_at" desc limit $3;
-- parameters: ["00000000-0000-4000-8000-000000000001",7,2000]

-- reviewHistory
select "work_id", "rating", "progress", "updated_at" from "reviews" where "user_id" = $1;
-- parameters: [7]

-- playlistAddHistory
select "pw"."work_id", "pw"."added_at" from "playlist_works" as "pw" inner join "playlists" as "p" on "p"."id" = "pw"."playlist_id" where "p"."user_id" = $1;
-- parameters: [7]

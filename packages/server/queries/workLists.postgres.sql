-- The queries of repositories/workLists.ts on postgres: written by npm run queries.

-- library page (release, newest first)
select count(*) as "n" from "works" as "w";
-- parameters: []
select "w"."id" from "works" as "w" order by "w"."release" desc, "w"."id" desc limit $1 offset $2;
-- parameters: [20,20]

-- search page (tag and text, subtitled, own rating)
select count(*) as "n" from "works" as "w" where (w.has_subtitle = 1 or w.community_subtitles > 0 or w.id in ($1)) and w.id in (select wt.work_id from work_tags wt where wt.vote_status in ($2) and wt.tag_id in (select t.id from tags t where lower(t.name) = $3 or lower(t.name_en) = $4 or lower(t.name_ja) = $5 or lower(t.name_zh) = $6)) and w.search_text like $7 escape '\';
-- parameters: [1001,1,"asmr","asmr","asmr","asmr","%rain%"]
select "w"."id" from "works" as "w" left join "reviews" as "own" on "own"."work_id" = "w"."id" and "own"."user_id" = $1 where (w.has_subtitle = 1 or w.community_subtitles > 0 or w.id in ($2)) and w.id in (select wt.work_id from work_tags wt where wt.vote_status in ($3) and wt.tag_id in (select t.id from tags t where lower(t.name) = $4 or lower(t.name_en) = $5 or lower(t.name_ja) = $6 or lower(t.name_zh) = $7)) and w.search_text like $8 escape '\' order by coalesce(own.rating, 0) desc, "w"."id" desc limit $9 offset $10;
-- parameters: [7,1001,1,"asmr","asmr","asmr","asmr","%rain%",20,0]

-- search page (two CJK characters)
select "w"."id" from "works" as "w" where sasayaki_search_grams(w.search_text) @> array[$1::text] order by "w"."release" desc, "w"."id" desc limit $2 offset $3;
-- parameters: ["膝枕",20,0]

-- playlist works (newest addition first)
select "w"."id" from "works" as "w" inner join "playlist_works" as "pw" on "pw"."work_id" = "w"."id" where "pw"."playlist_id" = $1 order by "pw"."added_at" desc, "w"."id" desc limit $2 offset $3;
-- parameters: ["00000000-0000-4000-8000-000000000001",20,0]

-- reviewed works (one progress, by update)
select "w"."id" from "works" as "w" inner join "reviews" as "r" on "r"."work_id" = "w"."id" where "r"."user_id" = $1 and "r"."progress" = $2 order by "r"."updated_at" desc, "w"."id" desc limit $3 offset $4;
-- parameters: [7,"listening",20,0]

-- tag works, translations hidden, random order
select "w"."id" from "works" as "w" where w.id in (select work_id from work_tags where tag_id = $1 and vote_status <> 2) and not (w.original_workno is not null and w.original_workno <> w.source_id and exists (select 1 from works o where o.source_id = w.original_workno)) order by ((w.random_key % $2) * $3 + $4) % $5 asc, "w"."id" asc limit $6 offset $7;
-- parameters: [4,1000003,85,332598,1000003,20,0]

-- one library root, released 2020–2021, by circle name
select "w"."id" from "works" as "w" where w.root_index = $1 and w.release >= $2 and w.release < $3 order by (select c.name from circles c where c.id = w.circle_id) asc, "w"."title" asc, "w"."id" asc limit $4 offset $5;
-- parameters: [0,"2020-00","2022-00",20,0]

-- by title
select "w"."id" from "works" as "w" order by "w"."title" asc, "w"."id" asc limit $1 offset $2;
-- parameters: [20,40]

-- given ids kept in order
select "w"."id" from "works" as "w" where w.id in ($1, $2, $3);
-- parameters: [5,3,9]

-- The queries of repositories/workLists.ts on sqlite: written by npm run queries.

-- library page (release, newest first)
select count(*) as "n" from "works" as "w";
-- parameters: []
select "w"."id" from "works" as "w" order by "w"."release" desc, "w"."id" desc limit ? offset ?;
-- parameters: [20,20]

-- search page (tag and text, subtitled, own rating)
select count(*) as n from (select 1 from work_tags wt where wt.vote_status in (?) and wt.tag_id in (select t.id from tags t where lower(t.name) = ? or lower(t.name_en) = ? or lower(t.name_ja) = ? or lower(t.name_zh) = ?) limit ?);
-- parameters: [1,"asmr","asmr","asmr","asmr",2001]
select count(*) as n from (select 1 from "works_fts" where "works_fts" match ? limit ?);
-- parameters: ["\"rain\"",2001]
select count(*) as "n" from "works" as "w" where (w.has_subtitle = 1 or w.community_subtitles > 0 or w.id in (?)) and w.id in (select wt.work_id from work_tags wt where wt.vote_status in (?) and wt.tag_id in (select t.id from tags t where lower(t.name) = ? or lower(t.name_en) = ? or lower(t.name_ja) = ? or lower(t.name_zh) = ?)) and w.id in (select rowid from "works_fts" where "works_fts" match ?);
-- parameters: [1001,1,"asmr","asmr","asmr","asmr","\"rain\""]
select "w"."id" from "works" as "w" left join "reviews" as "own" on "own"."work_id" = "w"."id" and "own"."user_id" = ? where (w.has_subtitle = 1 or w.community_subtitles > 0 or w.id in (?)) and w.id in (select wt.work_id from work_tags wt where wt.vote_status in (?) and wt.tag_id in (select t.id from tags t where lower(t.name) = ? or lower(t.name_en) = ? or lower(t.name_ja) = ? or lower(t.name_zh) = ?)) and w.id in (select rowid from "works_fts" where "works_fts" match ?) order by coalesce(own.rating, 0) desc, "w"."id" desc limit ? offset ?;
-- parameters: [7,1001,1,"asmr","asmr","asmr","asmr","\"rain\"",20,0]

-- search page (two CJK characters)
select count(*) as n from (select 1 from "works_grams" where "works_grams" match ?);
-- parameters: ["\"膝枕\""]
select "w"."id" from "works" as "w" where w.id in (select rowid from "works_grams" where "works_grams" match ?) order by "w"."release" desc, "w"."id" desc limit ? offset ?;
-- parameters: ["\"膝枕\"",20,0]

-- playlist works (newest addition first)
select "w"."id" from "works" as "w" inner join "playlist_works" as "pw" on "pw"."work_id" = "w"."id" where "pw"."playlist_id" = ? order by "pw"."added_at" desc, "w"."id" desc limit ? offset ?;
-- parameters: ["00000000-0000-4000-8000-000000000001",20,0]

-- reviewed works (one progress, by update)
select "w"."id" from "works" as "w" inner join "reviews" as "r" on "r"."work_id" = "w"."id" where "r"."user_id" = ? and "r"."progress" = ? order by "r"."updated_at" desc, "w"."id" desc limit ? offset ?;
-- parameters: [7,"listening",20,0]

-- tag works, translations hidden, random order
select "w"."id" from "works" as "w" where w.id in (select work_id from work_tags where tag_id = ? and vote_status <> 2) and not (w.original_workno is not null and w.original_workno <> w.source_id and exists (select 1 from works o where o.source_id = w.original_workno)) order by ((w.random_key % ?) * ? + ?) % ? asc, "w"."id" asc limit ? offset ?;
-- parameters: [4,1000003,85,332598,1000003,20,0]

-- one library root, released 2020–2021, by circle name
select "w"."id" from "works" as "w" where w.root_index = ? and w.release >= ? and w.release < ? order by (select c.name from circles c where c.id = w.circle_id) asc, "w"."title" asc, "w"."id" asc limit ? offset ?;
-- parameters: [0,"2020-00","2022-00",20,0]

-- by title
select "w"."id" from "works" as "w" order by "w"."title" asc, "w"."id" asc limit ? offset ?;
-- parameters: [20,40]

-- given ids kept in order
select "w"."id" from "works" as "w" where w.id in (?, ?, ?);
-- parameters: [5,3,9]

-- The queries of repositories/entities.ts on sqlite: written by npm run queries.

-- tagSongCounts
select "wt"."tag_id", count(*) as "n" from "work_tags" as "wt" inner join "files" as "f" on "f"."work_id" = "wt"."work_id" where "wt"."vote_status" <> ? and "f"."type" = ? group by "wt"."tag_id";
-- parameters: [2,"audio"]

-- circlesNamed
select "c"."id", "c"."name", count(*) as "count" from "circles" as "c" inner join "works" as "w" on "w"."circle_id" = "c"."id" where lower(c.name) like ? escape '\' group by "c"."id", "c"."name" order by "c"."name", "c"."id" limit ? offset ?;
-- parameters: ["%sound%",20,0]

-- vasNamed
select "a"."id", "a"."name", count(*) as "count" from "vas" as "a" inner join "work_vas" as "wv" on "wv"."va_id" = "a"."id" where lower(a.name) like ? escape '\' group by "a"."id", "a"."name" order by "a"."name", "a"."id" limit ? offset ?;
-- parameters: ["%yui%",20,0]

-- circleCounts
select "c"."id", "c"."name", "c"."source_id", count(*) as "count" from "circles" as "c" inner join "works" as "w" on "w"."circle_id" = "c"."id" group by "c"."id", "c"."name", "c"."source_id" order by "c"."name";
-- parameters: []

-- vaCounts
select "a"."id", "a"."name", count(*) as "count" from "vas" as "a" inner join "work_vas" as "wv" on "wv"."va_id" = "a"."id" group by "a"."id", "a"."name" order by "a"."name";
-- parameters: []

-- tagCounts
select "t"."id", "t"."name", "t"."name_en", "t"."name_ja", "t"."name_zh", count(*) as "count" from "tags" as "t" inner join "work_tags" as "wt" on "wt"."tag_id" = "t"."id" where "wt"."vote_status" <> ? group by "t"."id", "t"."name", "t"."name_en", "t"."name_ja", "t"."name_zh" order by "t"."name";
-- parameters: [2]

-- findVa
select "id", "name" from "vas" where "id" = ?;
-- parameters: ["a1b2"]

-- findCircle
select "id", "name", "source_id", "source_type" from "circles" where "id" = ?;
-- parameters: [3]

-- findTag
select * from "tags" where "id" = ?;
-- parameters: [4]

-- The queries of repositories/files.ts on postgres: written by npm run queries.

-- filesOfWork
select "id", "path", "type", "size", "duration", "audio_file_id" from "files" where "work_id" = $1;
-- parameters: [1001]

-- fileWithLinked
select "id", "path", "audio_file_id" from "files" where "work_id" = $1 and ("id" = $2 or "audio_file_id" = $3);
-- parameters: [1001,55,55]

-- mediaFileRow
select "files"."id", "files"."work_id", "files"."path", "files"."type", "files"."charset", "files"."content_type", "files"."size", "files"."mtime", "works"."root_index", "works"."folder_path" from "files" inner join "works" on "works"."id" = "files"."work_id" where "files"."id" = $1 and "files"."work_id" = $2;
-- parameters: [55,1001]

-- mediaFilesOfWork
select "files"."id", "files"."work_id", "files"."path", "files"."type", "files"."charset", "files"."content_type", "files"."size", "files"."mtime", "works"."root_index", "works"."folder_path" from "files" inner join "works" on "works"."id" = "files"."work_id" where "files"."work_id" = $1;
-- parameters: [1001]

-- audioCounts
select "work_id", count(*) as "n" from "files" where "work_id" in ($1, $2) and "type" = $3 group by "work_id";
-- parameters: [1001,1002,"audio"]

-- workOfAudioFile
select "work_id" from "files" where "id" = $1 and "type" = $2;
-- parameters: [55,"audio"]

-- audioFilesLike
select "id", "work_id", "path" from "files" where "type" = $1 and lower(path) like $2 escape '\' order by "id" limit $3;
-- parameters: ["audio","%track 01%",50]

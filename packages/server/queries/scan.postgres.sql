-- The queries of repositories/scan.ts on postgres: written by npm run queries.

-- knownWorks
select "id", "source_id", "root_index", "folder_path", "scan_signature", "scan_problems" from "works";
-- parameters: []

-- removedTagLinks
select "work_id", "tag_id" from "work_tag_removals" where "work_id" in ($1, $2);
-- parameters: [1001,1002]

-- fileFactsOfWork
select "path", "size", "mtime", "duration", "charset", "content_type" from "files" where "work_id" = $1;
-- parameters: [1001]

-- countFiles
select count(*) as "n" from "files";
-- parameters: []

-- lockScans
select pg_advisory_lock(hashtext(current_schema() || ':sasayaki-scan'));
-- parameters: []

-- unlockScans
select pg_advisory_unlock(hashtext(current_schema() || ':sasayaki-scan'));
-- parameters: []

-- startScanTransaction
set local synchronous_commit = off;
-- parameters: []

-- hasWork
select "id" from "works" where "id" = $1;
-- parameters: [1001]

-- insertWorkRows
insert into "works" ("id", "source_id", "title", "root_index", "folder_path", "create_date", "random_key", "updated_at") values ($1, $2, $3, $4, $5, $6, $7, $8);
-- parameters: [1001,"RJ01001","Rain",0,"RJ01001","2024-01-01",17,1700000000000]

-- updateWorkRow
update "works" set "title" = $1, "scan_signature" = $2, "updated_at" = $3 where "id" = $4;
-- parameters: ["Rain","sig",1700000000000,1001]

-- deleteWorksWithLinks
delete from "files" where "work_id" in ($1, $2);
-- parameters: [1001,1002]
delete from "work_vas" where "work_id" in ($1, $2);
-- parameters: [1001,1002]
delete from "work_tags" where "work_id" in ($1, $2);
-- parameters: [1001,1002]
delete from "works" where "id" in ($1, $2);
-- parameters: [1001,1002]

-- deleteWorkVas
delete from "work_vas" where "work_id" = $1;
-- parameters: [1001]

-- insertWorkVas
insert into "work_vas" ("work_id", "va_id", "position") values ($1, $2, $3);
-- parameters: [1001,"00000000-0000-4000-8000-000000000001",0]

-- metadataTagIds
select "tag_id" from "work_tags" where "work_id" = $1 and "origin" = $2;
-- parameters: [1001,"metadata"]

-- deleteMetadataTagLinks
delete from "work_tags" where "work_id" = $1 and "origin" = $2 and "tag_id" in ($3, $4);
-- parameters: [1001,"metadata",3,4]

-- insertTagLinks
insert into "work_tags" ("work_id", "tag_id", "origin", "vote_status", "created_at") values ($1, $2, $3, $4, $5);
-- parameters: [1001,3,"metadata",1,1700000000000]

-- insertTagLinksKeepingExisting
insert into "work_tags" ("work_id", "tag_id", "origin", "vote_status", "created_at") values ($1, $2, $3, $4, $5) on conflict ("work_id", "tag_id") do nothing;
-- parameters: [1001,3,"metadata",1,1700000000000]

-- filesOfWork
select * from "files" where "work_id" = $1;
-- parameters: [1001]

-- deleteFiles
delete from "files" where "id" in ($1, $2);
-- parameters: [11,12]

-- insertFiles
insert into "files" ("work_id", "path", "type", "size", "mtime", "duration", "charset", "audio_file_id") values ($1, $2, $3, $4, $5, $6, $7, $8) returning "id", "work_id", "path";
-- parameters: [1001,"01.mp3","audio",1000,1700000000000,60,null,null]

-- updateFileFacts
update "files" set "type" = $1, "size" = $2, "mtime" = $3, "duration" = $4, "charset" = $5 where "id" = $6;
-- parameters: ["audio",1000,1700000000000,60,null,11]

-- setAudioLink
update "files" set "audio_file_id" = $1 where "id" = $2;
-- parameters: [11,12]

-- upsertCircles
insert into "circles" ("id", "name", "source_id") values ($1, $2, $3) on conflict ("id") do update set "name" = "excluded"."name", "source_id" = case when excluded.source_id = '' then circles.source_id
            else excluded.source_id end;
-- parameters: [3,"Circle","RG01"]

-- circlesNamed
select "id", "name" from "circles" where "name" in ($1) order by "id";
-- parameters: ["Circle"]

-- standInCircles
select "id", "name" from "circles" where "name" in ($1) and "id" >= $2;
-- parameters: ["Circle",1000000000]

-- moveWorksToCircle
update "works" set "circle_id" = $1 where "circle_id" in ($2);
-- parameters: [3,1000000001]

-- deleteCircles
delete from "circles" where "id" in ($1);
-- parameters: [1000000001]

-- insertVas
insert into "vas" ("id", "name") values ($1, $2) on conflict do nothing;
-- parameters: ["00000000-0000-4000-8000-000000000001","Voice"]

-- tagsNamed
select "id", "name" from "tags" where "name" in ($1);
-- parameters: ["rain"]

-- tagsWithIds
select "id", "name" from "tags" where "id" in ($1, $2);
-- parameters: [3,4]

-- tagNameOf
select "name" from "tags" where "id" = $1;
-- parameters: [3]

-- insertTags
insert into "tags" ("id", "name", "name_en", "name_ja", "name_zh", "censored_en", "censored_ja", "censored_zh") values ($1, $2, $3, $4, $5, $6, $7, $8);
-- parameters: [3,"rain","rain",null,null,null,null,null]

-- updateTag
update "tags" set "name_en" = $1 where "id" = $2;
-- parameters: ["rain",3]

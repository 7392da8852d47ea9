-- The queries of repositories/scan.ts on sqlite: written by npm run queries.

-- knownWorks
select "id", "source_id", "root_index", "folder_path", "scan_signature", "scan_problems" from "works";
-- parameters: []

-- removedTagLinks
select "work_id", "tag_id" from "work_tag_removals" where "work_id" in (?, ?);
-- parameters: [1001,1002]

-- fileFactsOfWork
select "path", "size", "mtime", "duration", "charset", "content_type" from "files" where "work_id" = ?;
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
update works set updated_at = updated_at where id = -1;
-- parameters: []

-- hasWork
select "id" from "works" where "id" = ?;
-- parameters: [1001]

-- insertWorkRows
insert into "works" ("id", "source_id", "title", "root_index", "folder_path", "create_date", "random_key", "updated_at") values (?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: [1001,"RJ01001","Rain",0,"RJ01001","2024-01-01",17,1700000000000]

-- updateWorkRow
update "works" set "title" = ?, "scan_signature" = ?, "updated_at" = ? where "id" = ?;
-- parameters: ["Rain","sig",1700000000000,1001]

-- deleteWorksWithLinks
delete from "files" where "work_id" in (?, ?);
-- parameters: [1001,1002]
delete from "work_vas" where "work_id" in (?, ?);
-- parameters: [1001,1002]
delete from "work_tags" where "work_id" in (?, ?);
-- parameters: [1001,1002]
delete from "works" where "id" in (?, ?);
-- parameters: [1001,1002]

-- deleteWorkVas
delete from "work_vas" where "work_id" = ?;
-- parameters: [1001]

-- insertWorkVas
insert into "work_vas" ("work_id", "va_id", "position") values (?, ?, ?);
-- parameters: [1001,"00000000-0000-4000-8000-000000000001",0]

-- metadataTagIds
select "tag_id" from "work_tags" where "work_id" = ? and "origin" = ?;
-- parameters: [1001,"metadata"]

-- deleteMetadataTagLinks
delete from "work_tags" where "work_id" = ? and "origin" = ? and "tag_id" in (?, ?);
-- parameters: [1001,"metadata",3,4]

-- insertTagLinks
insert into "work_tags" ("work_id", "tag_id", "origin", "vote_status", "created_at") values (?, ?, ?, ?, ?);
-- parameters: [1001,3,"metadata",1,1700000000000]

-- insertTagLinksKeepingExisting
insert into "work_tags" ("work_id", "tag_id", "origin", "vote_status", "created_at") values (?, ?, ?, ?, ?) on conflict ("work_id", "tag_id") do nothing;
-- parameters: [1001,3,"metadata",1,1700000000000]

-- filesOfWork
select * from "files" where "work_id" = ?;
-- parameters: [1001]

-- deleteFiles
delete from "files" where "id" in (?, ?);
-- parameters: [11,12]

-- insertFiles
insert into "files" ("work_id", "path", "type", "size", "mtime", "duration", "charset", "audio_file_id") values (?, ?, ?, ?, ?, ?, ?, ?) returning "id", "work_id", "path";
-- parameters: [1001,"01.mp3","audio",1000,1700000000000,60,null,null]

-- updateFileFacts
update "files" set "type" = ?, "size" = ?, "mtime" = ?, "duration" = ?, "charset" = ? where "id" = ?;
-- parameters: ["audio",1000,1700000000000,60,null,11]

-- setAudioLink
update "files" set "audio_file_id" = ? where "id" = ?;
-- parameters: [11,12]

-- upsertCircles
insert into "circles" ("id", "name", "source_id") values (?, ?, ?) on conflict ("id") do update set "name" = "excluded"."name", "source_id" = case when excluded.source_id = '' then circles.source_id
            else excluded.source_id end;
-- parameters: [3,"Circle","RG01"]

-- circlesNamed
select "id", "name" from "circles" where "name" in (?) order by "id";
-- parameters: ["Circle"]

-- standInCircles
select "id", "name" from "circles" where "name" in (?) and "id" >= ?;
-- parameters: ["Circle",1000000000]

-- moveWorksToCircle
update "works" set "circle_id" = ? where "circle_id" in (?);
-- parameters: [3,1000000001]

-- deleteCircles
delete from "circles" where "id" in (?);
-- parameters: [1000000001]

-- insertVas
insert into "vas" ("id", "name") values (?, ?) on conflict do nothing;
-- parameters: ["00000000-0000-4000-8000-000000000001","Voice"]

-- tagsNamed
select "id", "name" from "tags" where "name" in (?);
-- parameters: ["rain"]

-- tagsWithIds
select "id", "name" from "tags" where "id" in (?, ?);
-- parameters: [3,4]

-- tagNameOf
select "name" from "tags" where "id" = ?;
-- parameters: [3]

-- insertTags
insert into "tags" ("id", "name", "name_en", "name_ja", "name_zh", "censored_en", "censored_ja", "censored_zh") values (?, ?, ?, ?, ?, ?, ?, ?);
-- parameters: [3,"rain","rain",null,null,null,null,null]

-- updateTag
update "tags" set "name_en" = ? where "id" = ?;
-- parameters: ["rain",3]

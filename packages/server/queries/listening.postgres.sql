-- The queries of repositories/listening.ts on postgres: written by npm run queries.

-- audioFilesAmong
select "files"."id", "files"."work_id", "files"."path", "files"."duration", "works"."title" as "work_title" from "files" inner join "works" on "works"."id" = "files"."work_id" where "files"."id" in ($1, $2) and "files"."type" = $3;
-- parameters: [2001,2002,"audio"]

-- upsertPositions
insert into "listening_positions" ("user_id", "work_id", "file_id", "position", "duration", "device", "updated_at") values ($1, $2, $3, $4, $5, $6, $7) on conflict ("user_id", "file_id") do update set "work_id" = "excluded"."work_id", "position" = "excluded"."position", "duration" = "excluded"."duration", "device" = "excluded"."device", "updated_at" = "excluded"."updated_at" where "listening_positions"."updated_at" <= "excluded"."updated_at";
-- parameters: [7,1001,2001,66.5,600,"Desk",1700000000000]

-- positionsOfWork
select * from "listening_positions" where "user_id" = $1 and "work_id" = $2;
-- parameters: [7,1001]

-- positionsOfFiles
select * from "listening_positions" where "user_id" = $1 and "file_id" in ($2, $3);
-- parameters: [7,2001,2002]

-- deletePositions
delete from "listening_positions" where "user_id" = $1 and "work_id" = $2;
-- parameters: [7,1001]

-- upsertHistory
insert into "listening_history" ("user_id", "work_id", "file_id", "position", "duration", "played_at") values ($1, $2, $3, $4, $5, $6) on conflict ("user_id", "file_id") do update set "work_id" = "excluded"."work_id", "position" = "excluded"."position", "duration" = "excluded"."duration", "played_at" = "excluded"."played_at" where "listening_history"."played_at" <= "excluded"."played_at";
-- parameters: [7,1001,2001,66.5,600,1700000000000]

-- deleteHistory
delete from "listening_history" where "user_id" = $1 and "file_id" = $2;
-- parameters: [7,2001]

-- historyWorksPage
select "h"."work_id", max("h"."played_at") as "played_at" from "listening_history" as "h" inner join "works" on "works"."id" = "h"."work_id" where "h"."user_id" = $1 group by "h"."work_id" order by "played_at" desc, "h"."work_id" desc limit $2 offset $3;
-- parameters: [7,20,0]

-- countHistoryWorks
select count(distinct "h"."work_id") as "n" from "listening_history" as "h" inner join "works" on "works"."id" = "h"."work_id" where "h"."user_id" = $1;
-- parameters: [7]

-- historyTracksOfWorks
select "h"."user_id", "h"."work_id", "h"."file_id", "h"."position", "h"."duration", "h"."played_at", "files"."path" from "listening_history" as "h" inner join "files" on "files"."id" = "h"."file_id" where "h"."user_id" = $1 and "h"."work_id" in ($2, $3) order by "h"."played_at" desc, "h"."file_id" desc;
-- parameters: [7,1001,1002]

-- recentUnfinished
select "h"."user_id", "h"."work_id", "h"."file_id", "h"."position", "h"."duration", "h"."played_at", "files"."path" from "listening_history" as "h" inner join "files" on "files"."id" = "h"."file_id" where "h"."user_id" = $1 and ("h"."duration" is null or "h"."duration" <= $2 or "h"."position" < "h"."duration" - $3) order by "h"."played_at" desc, "h"."file_id" desc limit $4;
-- parameters: [7,0,5,60]

-- findQueue
select * from "play_queues" where "user_id" = $1;
-- parameters: [7]

-- upsertQueue
insert into "play_queues" ("user_id", "tracks", "current_index", "position", "device", "device_id", "updated_at") values ($1, $2, $3, $4, $5, $6, $7) on conflict ("user_id") do update set "tracks" = "excluded"."tracks", "current_index" = "excluded"."current_index", "position" = "excluded"."position", "device" = "excluded"."device", "device_id" = "excluded"."device_id", "updated_at" = "excluded"."updated_at" where "play_queues"."updated_at" <= "excluded"."updated_at";
-- parameters: [7,"[\"1001/2001\"]",0,12,"Desk","d1",1700000000000]

-- findListeningSettings
select * from "listening_settings" where "user_id" = $1;
-- parameters: [7]

-- upsertListeningSettings
insert into "listening_settings" ("user_id", "record_history", "updated_at") values ($1, $2, $3) on conflict ("user_id") do update set "record_history" = "excluded"."record_history", "updated_at" = "excluded"."updated_at", "history_paused_from" = "excluded"."history_paused_from", "history_paused_until" = "excluded"."history_paused_until";
-- parameters: [7,0,1700000000000]

-- The queries of repositories/playlists.ts on sqlite: written by npm run queries.

-- findPlaylistRow
select * from "playlists" where "id" = ?;
-- parameters: ["00000000-0000-4000-8000-000000000001"]

-- additionsAmong
select "work_id", "added_at" from "playlist_works" where "playlist_id" = ? and "work_id" in (?, ?);
-- parameters: ["00000000-0000-4000-8000-000000000001",1001,1002]

-- playlistSongTotals
select "pw"."playlist_id", sum((select count(*) from files f where f.work_id = pw.work_id and f.type = 'audio')) as "songs", sum(w.duration) as "seconds" from "playlist_works" as "pw" inner join "works" as "w" on "w"."id" = "pw"."work_id" where "pw"."playlist_id" in (?) group by "pw"."playlist_id";
-- parameters: ["00000000-0000-4000-8000-000000000001"]

-- systemKindsOf
select "system_kind" from "playlists" where "user_id" = ? and "system_kind" is not null;
-- parameters: [7]

-- insertPlaylist
insert into "playlists" ("id", "user_id", "name", "privacy", "system_kind", "created_at", "updated_at") values (?, ?, ?, ?, ?, ?, ?);
-- parameters: ["00000000-0000-4000-8000-000000000001",7,"Sleep",0,null,1700000000000,1700000000000]

-- insertSystemPlaylist
insert into "playlists" ("id", "user_id", "name", "privacy", "system_kind", "created_at", "updated_at") values (?, ?, ?, ?, ?, ?, ?) on conflict ("user_id", "system_kind") where "system_kind" is not null do nothing;
-- parameters: ["00000000-0000-4000-8000-000000000001",7,"__SYS_PLAYLIST_LIKED",0,"liked",1700000000000,1700000000000]

-- lockPlaylistRow
-- (no query)

-- knownWorkIds
select "id" from "works" where "id" in (?, ?);
-- parameters: [1001,1002]

-- worksInPlaylist
select "work_id" from "playlist_works" where "playlist_id" = ? and "work_id" in (?, ?);
-- parameters: ["00000000-0000-4000-8000-000000000001",1001,1002]

-- countPlaylistWorks
select count(*) as "n" from "playlist_works" where "playlist_id" = ?;
-- parameters: ["00000000-0000-4000-8000-000000000001"]

-- insertPlaylistWorks
insert into "playlist_works" ("playlist_id", "work_id", "added_at") values (?, ?, ?);
-- parameters: ["00000000-0000-4000-8000-000000000001",1001,1700000000000]

-- deletePlaylistWorks
delete from "playlist_works" where "playlist_id" = ? and "work_id" in (?);
-- parameters: ["00000000-0000-4000-8000-000000000001",1001]

-- touchPlaylist
update "playlists" set "updated_at" = ? where "id" = ?;
-- parameters: [1700000000000,"00000000-0000-4000-8000-000000000001"]

-- updatePlaylist
update "playlists" set "name" = ?, "privacy" = ?, "updated_at" = ? where "id" = ?;
-- parameters: ["Sleep",2,1700000000000,"00000000-0000-4000-8000-000000000001"]

-- deletePlaylistRows
delete from "playlist_works" where "playlist_id" = ?;
-- parameters: ["00000000-0000-4000-8000-000000000001"]
delete from "playlist_likes" where "playlist_id" = ?;
-- parameters: ["00000000-0000-4000-8000-000000000001"]
delete from "playlists" where "id" = ?;
-- parameters: ["00000000-0000-4000-8000-000000000001"]

-- likeExists
select "user_id" from "playlist_likes" where "playlist_id" = ? and "user_id" = ?;
-- parameters: ["00000000-0000-4000-8000-000000000001",7]

-- insertLike
insert into "playlist_likes" ("playlist_id", "user_id", "created_at") values (?, ?, ?) on conflict ("playlist_id", "user_id") do nothing;
-- parameters: ["00000000-0000-4000-8000-000000000001",7,1700000000000]

-- deleteLike
delete from "playlist_likes" where "playlist_id" = ? and "user_id" = ?;
-- parameters: ["00000000-0000-4000-8000-000000000001",7]

-- playlistListRow
select "p"."id", "p"."user_id", "p"."name", "p"."privacy", "p"."locale", "p"."description", "p"."system_kind", "p"."playback_count", "p"."created_at", "p"."updated_at", "u"."name" as "user_name", (select count(*) from playlist_works pw where pw.playlist_id = p.id) as "works_count", (select coalesce(sum(w.duration), 0) from playlist_works pw inner join works w on w.id = pw.work_id where pw.playlist_id = p.id) as "total_duration", (select pw.work_id from playlist_works pw where pw.playlist_id = p.id order by pw.added_at desc, pw.work_id desc limit 1) as "latest_work_id", (select count(*) from playlist_likes pl where pl.playlist_id = p.id) as "likes_count", (select count(*) from playlist_likes pl where pl.playlist_id = p.id and pl.user_id = ?) as "liked" from "playlists" as "p" inner join "users" as "u" on "u"."id" = "p"."user_id" where "p"."id" = ?;
-- parameters: [7,"00000000-0000-4000-8000-000000000001"]

-- countPlaylists
select count(*) as "n" from (select "p"."id", "p"."user_id", "p"."name", "p"."privacy", "p"."locale", "p"."description", "p"."system_kind", "p"."playback_count", "p"."created_at", "p"."updated_at", "u"."name" as "user_name", (select count(*) from playlist_works pw where pw.playlist_id = p.id) as "works_count", (select coalesce(sum(w.duration), 0) from playlist_works pw inner join works w on w.id = pw.work_id where pw.playlist_id = p.id) as "total_duration", (select pw.work_id from playlist_works pw where pw.playlist_id = p.id order by pw.added_at desc, pw.work_id desc limit 1) as "latest_work_id", (select count(*) from playlist_likes pl where pl.playlist_id = p.id) as "likes_count", (select count(*) from playlist_likes pl where pl.playlist_id = p.id and pl.user_id = ?) as "liked" from "playlists" as "p" inner join "users" as "u" on "u"."id" = "p"."user_id" where ("p"."user_id" = ? or ("p"."id" in (select "playlist_id" from "playlist_likes" where "user_id" = ?) and "p"."privacy" > ?))) as "x";
-- parameters: [7,7,7,0]

-- playlistsPage
select "p"."id", "p"."user_id", "p"."name", "p"."privacy", "p"."locale", "p"."description", "p"."system_kind", "p"."playback_count", "p"."created_at", "p"."updated_at", "u"."name" as "user_name", (select count(*) from playlist_works pw where pw.playlist_id = p.id) as "works_count", (select coalesce(sum(w.duration), 0) from playlist_works pw inner join works w on w.id = pw.work_id where pw.playlist_id = p.id) as "total_duration", (select pw.work_id from playlist_works pw where pw.playlist_id = p.id order by pw.added_at desc, pw.work_id desc limit 1) as "latest_work_id", (select count(*) from playlist_likes pl where pl.playlist_id = p.id) as "likes_count", (select count(*) from playlist_likes pl where pl.playlist_id = p.id and pl.user_id = ?) as "liked" from "playlists" as "p" inner join "users" as "u" on "u"."id" = "p"."user_id" where "p"."id" in (select "playlist_id" from "playlist_likes" where "user_id" = ?) and ("p"."privacy" > ? or "p"."user_id" = ?) order by case when p.system_kind is null then 1 else 0 end, "p"."updated_at" desc, "p"."id" limit ? offset ?;
-- parameters: [7,7,0,7,20,0]

-- playlistsPage (discover)
select "p"."id", "p"."user_id", "p"."name", "p"."privacy", "p"."locale", "p"."description", "p"."system_kind", "p"."playback_count", "p"."created_at", "p"."updated_at", "u"."name" as "user_name", (select count(*) from playlist_works pw where pw.playlist_id = p.id) as "works_count", (select coalesce(sum(w.duration), 0) from playlist_works pw inner join works w on w.id = pw.work_id where pw.playlist_id = p.id) as "total_duration", (select pw.work_id from playlist_works pw where pw.playlist_id = p.id order by pw.added_at desc, pw.work_id desc limit 1) as "latest_work_id", (select count(*) from playlist_likes pl where pl.playlist_id = p.id) as "likes_count", (select count(*) from playlist_likes pl where pl.playlist_id = p.id and pl.user_id = ?) as "liked" from "playlists" as "p" inner join "users" as "u" on "u"."id" = "p"."user_id" where (lower(p.name) like ? escape '\' or lower(p.description) like ? escape '\' or lower(u.name) like ? escape '\') and "p"."privacy" = ? order by case when p.system_kind is null then 1 else 0 end, (select count(*) from playlist_likes pl where pl.playlist_id = p.id) desc, "p"."updated_at" desc, "p"."id" limit ? offset ?;
-- parameters: [-1,"%sleep%","%sleep%","%sleep%",2,20,0]

-- latestWorksOf
select "playlist_id", "work_id" from (select "pw"."playlist_id", "pw"."work_id", row_number() over (partition by pw.playlist_id order by case when w.cover_path is null or w.cover_path = '' then 1 else 0 end, pw.added_at desc, pw.work_id desc) as "n" from "playlist_works" as "pw" inner join "works" as "w" on "w"."id" = "pw"."work_id" where "pw"."playlist_id" in (?)) as "x" where "n" <= ? order by "playlist_id", "n";
-- parameters: ["00000000-0000-4000-8000-000000000001",4]

-- systemPlaylistId
select "id" from "playlists" where "user_id" = ? and "system_kind" = ?;
-- parameters: [7,"marked"]

-- countOwnPlaylists
select count(*) as "n" from "playlists" as "p" where "p"."user_id" = ?;
-- parameters: [7]

-- ownPlaylistsWithWork
select "p"."id", "p"."name", "p"."privacy", "p"."system_kind", (select count(*) from playlist_works pw where pw.playlist_id = p.id) as "works_count", (select count(*) from playlist_works pw where pw.playlist_id = p.id and pw.work_id = ?) as "exist" from "playlists" as "p" where "p"."user_id" = ? order by case p.system_kind when 'marked' then 0 when 'liked' then 1 else 2 end, "p"."updated_at" desc, "p"."id" limit ? offset ?;
-- parameters: [1001,7,12,0]

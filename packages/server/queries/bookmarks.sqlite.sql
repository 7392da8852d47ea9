-- The queries of repositories/bookmarks.ts on sqlite: written by npm run queries.

-- bookmarksOf
select "b"."id", "b"."user_id", "b"."work_id", "b"."file_id", "b"."position", "b"."note", "b"."created_at", "b"."updated_at", "files"."path" from "bookmarks" as "b" inner join "files" on "files"."id" = "b"."file_id" where "b"."user_id" = ? and "b"."work_id" = ? order by "files"."path", "b"."position", "b"."id";
-- parameters: [7,1001]

-- findBookmark
select "b"."id", "b"."user_id", "b"."work_id", "b"."file_id", "b"."position", "b"."note", "b"."created_at", "b"."updated_at", "files"."path" from "bookmarks" as "b" inner join "files" on "files"."id" = "b"."file_id" where "b"."user_id" = ? and "b"."id" = ?;
-- parameters: [7,3]

-- countBookmarks
select count(*) as "n" from "bookmarks" where "user_id" = ?;
-- parameters: [7]

-- insertBookmark
insert into "bookmarks" ("user_id", "work_id", "file_id", "position", "note", "created_at", "updated_at") values (?, ?, ?, ?, ?, ?, ?) returning "id";
-- parameters: [7,1001,2001,95.5,"the rain starts",1700000000000,1700000000000]

-- updateBookmark
update "bookmarks" set "note" = ?, "updated_at" = ? where "user_id" = ? and "id" = ?;
-- parameters: ["thunder",1700000000000,7,3]

-- deleteBookmark
delete from "bookmarks" where "user_id" = ? and "id" = ?;
-- parameters: [7,3]

-- The queries of repositories/bookmarks.ts on postgres: written by npm run queries.

-- bookmarksOf
select "b"."id", "b"."user_id", "b"."work_id", "b"."file_id", "b"."position", "b"."note", "b"."created_at", "b"."updated_at", "files"."path" from "bookmarks" as "b" inner join "files" on "files"."id" = "b"."file_id" where "b"."user_id" = $1 and "b"."work_id" = $2 order by "files"."path", "b"."position", "b"."id";
-- parameters: [7,1001]

-- findBookmark
select "b"."id", "b"."user_id", "b"."work_id", "b"."file_id", "b"."position", "b"."note", "b"."created_at", "b"."updated_at", "files"."path" from "bookmarks" as "b" inner join "files" on "files"."id" = "b"."file_id" where "b"."user_id" = $1 and "b"."id" = $2;
-- parameters: [7,3]

-- countBookmarks
select count(*) as "n" from "bookmarks" where "user_id" = $1;
-- parameters: [7]

-- insertBookmark
insert into "bookmarks" ("user_id", "work_id", "file_id", "position", "note", "created_at", "updated_at") values ($1, $2, $3, $4, $5, $6, $7) returning "id";
-- parameters: [7,1001,2001,95.5,"the rain starts",1700000000000,1700000000000]

-- updateBookmark
update "bookmarks" set "note" = $1, "updated_at" = $2 where "user_id" = $3 and "id" = $4;
-- parameters: ["thunder",1700000000000,7,3]

-- deleteBookmark
delete from "bookmarks" where "user_id" = $1 and "id" = $2;
-- parameters: [7,3]

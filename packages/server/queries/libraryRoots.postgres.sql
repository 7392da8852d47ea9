-- The queries of repositories/libraryRoots.ts on postgres: written by npm run queries.

-- allLibraryRoots
select * from "library_roots" order by "id";
-- parameters: []

-- findLibraryRoot
select * from "library_roots" where "id" = $1;
-- parameters: [1000]

-- maxLibraryRootId
select max("id") as "max" from "library_roots";
-- parameters: []

-- insertLibraryRoot
insert into "library_roots" ("id", "path", "name", "created_at") values ($1, $2, $3, $4);
-- parameters: [1000,"/srv/asmr","asmr",1700000000000]

-- renameLibraryRoot
update "library_roots" set "name" = $1 where "id" = $2;
-- parameters: ["Drama CDs",1000]

-- deleteLibraryRoot
delete from "library_roots" where "id" = $1;
-- parameters: [1000]

-- worksPerRoot
select "root_index", count(*) as "n" from "works" group by "root_index";
-- parameters: []

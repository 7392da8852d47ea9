-- The queries of repositories/works.ts on postgres: written by npm run queries.

-- workExists
select "id" from "works" where "id" = $1;
-- parameters: [1001]

-- allWorkIds
select "id" from "works" order by "id";
-- parameters: []

-- idsFromRandomKey
select "id" from "works" where "random_key" >= $1 and "root_index" = $2 order by "random_key", "id" limit $3;
-- parameters: [1234567,0,20]
select "id" from "works" where "random_key" < $1 and "root_index" = $2 order by "random_key", "id" limit $3;
-- parameters: [1234567,0,20]

-- lockWorkRow
select "id" from "works" where "id" = $1 for update;
-- parameters: [1001]

-- updateWorkRating
update "works" set "site_rate_count" = $1, "site_rate_average_2dp" = $2, "site_rate_count_detail" = $3 where "id" = $4;
-- parameters: [2,4.5,"[0,0,0,1,1]",1001]

-- findWorkRef
select "id", "source_id", "source_type", "title" from "works" where "id" = $1;
-- parameters: [1001]

-- findWorkCover
select "id", "cover_path", "root_index", "folder_path" from "works" where "id" = $1;
-- parameters: [1001]

-- workCodesAmong
select "id", "source_id" from "works" where "id" in ($1, $2) order by "id";
-- parameters: [1001,100001001]

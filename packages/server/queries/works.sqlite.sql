-- The queries of repositories/works.ts on sqlite: written by npm run queries.

-- workExists
select "id" from "works" where "id" = ?;
-- parameters: [1001]

-- allWorkIds
select "id" from "works" order by "id";
-- parameters: []

-- idsFromRandomKey
select "id" from "works" where "random_key" >= ? and "root_index" = ? order by "random_key", "id" limit ?;
-- parameters: [1234567,0,20]
select "id" from "works" where "random_key" < ? and "root_index" = ? order by "random_key", "id" limit ?;
-- parameters: [1234567,0,20]

-- lockWorkRow
select "id" from "works" where "id" = ?;
-- parameters: [1001]

-- updateWorkRating
update "works" set "site_rate_count" = ?, "site_rate_average_2dp" = ?, "site_rate_count_detail" = ? where "id" = ?;
-- parameters: [2,4.5,"[0,0,0,1,1]",1001]

-- findWorkRef
select "id", "source_id", "source_type", "title" from "works" where "id" = ?;
-- parameters: [1001]

-- findWorkCover
select "id", "cover_path", "root_index", "folder_path" from "works" where "id" = ?;
-- parameters: [1001]

-- workCodesAmong
select "id", "source_id" from "works" where "id" in (?, ?) order by "id";
-- parameters: [1001,100001001]

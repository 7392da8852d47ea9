-- The queries of repositories/scanRuns.ts on postgres: written by npm run queries.

-- insertScanRun
insert into "scan_runs" ("kind", "started_by", "status", "started_at", "updated_at", "phase") values ($1, $2, $3, $4, $5, $6) returning "id";
-- parameters: ["quick","console","running",1700000000000,1700000000000,"discover"]

-- updateScanRun
update "scan_runs" set "works_done" = $1, "updated_at" = $2 where "id" = $3;
-- parameters: [10,1700000000000,7]

-- findScanRun
select * from "scan_runs" where "id" = $1;
-- parameters: [7]

-- recentScanRuns
select * from "scan_runs" order by "id" desc limit $1;
-- parameters: [21]

-- failStaleScanRuns
update "scan_runs" set "status" = $1, "finished_at" = $2, "error" = $3 where "status" = $4 and "updated_at" < $5;
-- parameters: ["failed",1700000000000,"the server stopped during the scan","running",1699999970000]

-- pruneScanRuns
select "id" from "scan_runs" order by "id" desc limit $1 offset $2;
-- parameters: [20,19]

-- insertReportItems
insert into "scan_report_items" ("scan_id", "kind", "reason", "path", "detail") values ($1, $2, $3, $4, $5);
-- parameters: [7,"skipped","empty-file","/srv/a/x.txt","empty file skipped"]

-- reportItemsPage
select "id", "kind", "reason", "path", "detail", "params", "first_seen" from "scan_report_items" where "scan_id" = $1 and "kind" = $2 and (lower(path) like $3 escape '\' or lower(detail) like $4 escape '\') order by "id" limit $5 offset $6;
-- parameters: [7,"skipped","%wav%","%wav%",50,0]

-- countReportItems
select count(*) as "n" from "scan_report_items" where "scan_id" = $1 and (lower(path) like $2 escape '\' or lower(detail) like $3 escape '\');
-- parameters: [7,"%50\\%\\_off%","%50\\%\\_off%"]

-- reportCounts
select "kind", count(*) as "n" from "scan_report_items" where "scan_id" = $1 group by "kind";
-- parameters: [7]

-- lockScanClaims
select pg_advisory_xact_lock(hashtext(current_schema() || ':sasayaki-scan-claim'));
-- parameters: []

-- freshRunningScan
select * from "scan_runs" where "status" = $1 and "updated_at" >= $2 order by "id" desc limit $3;
-- parameters: ["running",1699999970000,1]

-- The queries of repositories/scanRuns.ts on sqlite: written by npm run queries.

-- insertScanRun
insert into "scan_runs" ("kind", "started_by", "status", "started_at", "updated_at", "phase") values (?, ?, ?, ?, ?, ?) returning "id";
-- parameters: ["quick","console","running",1700000000000,1700000000000,"discover"]

-- updateScanRun
update "scan_runs" set "works_done" = ?, "updated_at" = ? where "id" = ?;
-- parameters: [10,1700000000000,7]

-- findScanRun
select * from "scan_runs" where "id" = ?;
-- parameters: [7]

-- recentScanRuns
select * from "scan_runs" order by "id" desc limit ?;
-- parameters: [21]

-- failStaleScanRuns
update "scan_runs" set "status" = ?, "finished_at" = ?, "error" = ? where "status" = ? and "updated_at" < ?;
-- parameters: ["failed",1700000000000,"the server stopped during the scan","running",1699999970000]

-- pruneScanRuns
select "id" from "scan_runs" order by "id" desc limit ? offset ?;
-- parameters: [20,19]

-- insertReportItems
insert into "scan_report_items" ("scan_id", "kind", "reason", "path", "detail") values (?, ?, ?, ?, ?);
-- parameters: [7,"skipped","empty-file","/srv/a/x.txt","empty file skipped"]

-- reportItemsPage
select "id", "kind", "reason", "path", "detail", "params", "first_seen" from "scan_report_items" where "scan_id" = ? and "kind" = ? and (lower(path) like ? escape '\' or lower(detail) like ? escape '\') order by "id" limit ? offset ?;
-- parameters: [7,"skipped","%wav%","%wav%",50,0]

-- countReportItems
select count(*) as "n" from "scan_report_items" where "scan_id" = ? and (lower(path) like ? escape '\' or lower(detail) like ? escape '\');
-- parameters: [7,"%50\\%\\_off%","%50\\%\\_off%"]

-- reportCounts
select "kind", count(*) as "n" from "scan_report_items" where "scan_id" = ? group by "kind";
-- parameters: [7]

-- lockScanClaims
select pg_advisory_xact_lock(hashtext(current_schema() || ':sasayaki-scan-claim'));
-- parameters: []

-- freshRunningScan
select * from "scan_runs" where "status" = ? and "updated_at" >= ? order by "id" desc limit ?;
-- parameters: ["running",1699999970000,1]

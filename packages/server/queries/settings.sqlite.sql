-- The queries of repositories/settings.ts on sqlite: written by npm run queries.

-- storedSettings
select "key", "value" from "settings" where "key" in (?, ?);
-- parameters: ["registration_enabled","maintenance"]

-- deleteSetting
delete from "settings" where "key" = ?;
-- parameters: ["maintenance"]

-- insertSetting
insert into "settings" ("key", "value") values (?, ?);
-- parameters: ["maintenance","<p>back soon</p>"]

-- settingOrInsert
insert into "settings" ("key", "value") values (?, ?) on conflict ("key") do nothing;
-- parameters: ["jwt_secret","secret"]
select "value" from "settings" where "key" = ?;
-- parameters: ["jwt_secret"]

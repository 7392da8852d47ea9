-- The queries of repositories/settings.ts on postgres: written by npm run queries.

-- storedSettings
select "key", "value" from "settings" where "key" in ($1, $2);
-- parameters: ["registration_enabled","maintenance"]

-- deleteSetting
delete from "settings" where "key" = $1;
-- parameters: ["maintenance"]

-- insertSetting
insert into "settings" ("key", "value") values ($1, $2);
-- parameters: ["maintenance","<p>back soon</p>"]

-- settingOrInsert
insert into "settings" ("key", "value") values ($1, $2) on conflict ("key") do nothing;
-- parameters: ["jwt_secret","secret"]
select "value" from "settings" where "key" = $1;
-- parameters: ["jwt_secret"]

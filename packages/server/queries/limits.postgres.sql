-- The queries of repositories/limits.ts on postgres: written by npm run queries.

-- claimSlot

      insert into limit_counters as l (key, count, window_end, next_try_at)
      values ($1, 1, $2, 0)
      on conflict (key) do update set
        count = case when l.window_end <= $3 then 1 else l.count + 1 end,
        window_end = case when l.window_end <= $4 then $5 else l.window_end end,
        next_try_at = case when l.window_end <= $6 then 0 else l.next_try_at end
      where l.window_end <= $7 or l.count < $8
      returning count, window_end, next_try_at;
-- parameters: ["guest\n7",1700000060000,1700000000000,1700000000000,1700000060000,1700000000000,1700000000000,60]

-- releaseSlot
update limit_counters set count = count - 1,
      next_try_at = case when count - 1 < $1 then 0 else next_try_at end
      where key = $2 and count > 0;
-- parameters: [5,"login-address\n127.0.0.1"]

-- claimBackoff

      insert into limit_counters as l (key, count, window_end, next_try_at)
      values ($1, 1, $2, $3)
      on conflict (key) do update set
        count = (case when l.window_end <= $4 then 1 else l.count + 1 end),
        next_try_at = (case when (case when l.window_end <= $5 then 1 else l.count + 1 end) >= $6 then greatest((case when l.window_end <= $7 then 0 else l.next_try_at end), $8::bigint + least($9::bigint,
      (1000 * power(2, least((case when l.window_end <= $10 then 1 else l.count + 1 end) - $11, 16)))::bigint))
      else (case when l.window_end <= $12 then 0 else l.next_try_at end) end),
        window_end = greatest(case when l.window_end <= $13 then $14::bigint else l.window_end end, (case when (case when l.window_end <= $15 then 1 else l.count + 1 end) >= $16 then greatest((case when l.window_end <= $17 then 0 else l.next_try_at end), $18::bigint + least($19::bigint,
      (1000 * power(2, least((case when l.window_end <= $20 then 1 else l.count + 1 end) - $21, 16)))::bigint))
      else (case when l.window_end <= $22 then 0 else l.next_try_at end) end))
      where l.window_end <= $23 or l.next_try_at <= $24 or $25
      returning 1;
-- parameters: ["login-name\nalice",1700000900000,0,1700000000000,1700000000000,5,1700000000000,1700000000000,60000,1700000000000,5,1700000000000,1700000000000,1700000900000,1700000000000,5,1700000000000,1700000000000,60000,1700000000000,5,1700000000000,1700000000000,1700000000000,false]

-- markKey
insert into limit_counters (key, count, window_end, next_try_at) values ($1, 0, $2, 0)
      on conflict (key) do update set count = 0, window_end = excluded.window_end, next_try_at = 0;
-- parameters: ["login-known\nalice",1700000000000]

-- liveCounter
select count, window_end, next_try_at from limit_counters
      where key = $1 and window_end > $2;
-- parameters: ["login-address\n127.0.0.1",1700000000000]

-- deleteKey
delete from limit_counters where key = $1;
-- parameters: ["login-address\n127.0.0.1"]

-- sweepCounters
delete from limit_counters where window_end <= $1;
-- parameters: [1700000000000]

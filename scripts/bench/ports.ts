/**
 * Ports of the benchmark's servers: `BENCH_PORT_BASE` (default 9250) plus a fixed offset each,
 * so a run can be moved to a free block of ports in one setting.
 */
const BASE = Number(process.env.BENCH_PORT_BASE || 9250);

export const benchPort = (offset: number): number => BASE + offset;

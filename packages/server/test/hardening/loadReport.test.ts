/**
 * The load report puts each timeout and error on the row of the request that met it: a server
 * with one fast path, one that never answers and one that drops the connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadReport, type NamedRequest } from './loadReport.ts';

describe('load report', () => {
  const server = http.createServer((req, res) => {
    if (req.url === '/fast') res.end('ok');
    else if (req.url === '/drop') req.socket.destroy();
    else if (req.url === '/missing') {
      res.statusCode = 404;
      res.end();
    }
    // '/stall' never answers.
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('counts answers, timeouts and errors per kind of request', async () => {
    const requests: NamedRequest[] = [
      { name: 'fast', method: 'GET', path: '/fast' },
      { name: 'missing', method: 'GET', path: '/missing' },
      { name: 'drop', method: 'GET', path: '/drop' },
      { name: 'stall', method: 'GET', path: '/stall' },
    ];
    const report = new LoadReport(requests);
    const result = await autocannon({
      url,
      connections: 2,
      duration: 3,
      timeout: 1,
      requests,
      setupClient: report.track,
    });
    const rows = report.summary();
    expect(rows.fast?.answered).toBeGreaterThan(0);
    expect(rows.fast).toMatchObject({ timeouts: 0, errors: 0 });
    expect(rows.missing).toMatchObject({ statuses: { 404: rows.missing?.answered }, timeouts: 0, errors: 0 });
    expect(rows.drop).toMatchObject({ answered: 0, timeouts: 0 });
    expect(rows.drop?.errors).toBeGreaterThan(0);
    expect(rows.stall).toMatchObject({ answered: 0, errors: 0 });
    expect(rows.stall?.timeouts).toBeGreaterThan(0);
    // Every timeout autocannon counted is on a row.
    expect(Object.values(rows).reduce((n, r) => n + r.timeouts, 0)).toBe(result.timeouts);
    expect(report.table()).toMatch(/\| stall +\| +0 \|/);
  }, 20_000);
});

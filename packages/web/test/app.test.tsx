/**
 * The start-up health check against a real HTTP server on 127.0.0.1: healthy → the app,
 * maintenance (503 {html}) → the operator's message and 'force enter', unreachable → the bilingual
 * network-error screen.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HealthGate } from '../src/app/HealthGate.tsx';
import '../src/shared/i18n/index.ts';
import { useSettings } from '../src/shared/settings/store.ts';

let mode: 'ok' | 'maintenance' = 'ok';
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/api/health' && mode === 'ok') {
      res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('OK');
    } else if (req.url === '/api/health') {
      res
        .writeHead(503, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
        .end(JSON.stringify({ html: '<p>Back at 10:00</p>' }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  cleanup();
  useSettings.getState().set({ apiBaseUrl: '' });
});

describe('health gate', () => {
  it('shows the app when the server answers OK', async () => {
    mode = 'ok';
    useSettings.getState().set({ apiBaseUrl: base });
    render(<HealthGate>app content</HealthGate>);
    expect(await screen.findByText('app content')).toBeInTheDocument();
  });

  it('shows the maintenance html and lets the visitor force their way in', async () => {
    mode = 'maintenance';
    useSettings.getState().set({ apiBaseUrl: base });
    render(<HealthGate>app content</HealthGate>);
    // The screen is a chunk of its own: it may take a moment to arrive.
    expect(await screen.findByText('Back at 10:00', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('app content')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Force enter' }));
    expect(screen.getByText('app content')).toBeInTheDocument();
  }, 30_000);

  it('shows the bilingual network-error screen with an endpoint selector when unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    useSettings.getState().set({ apiBaseUrl: `http://127.0.0.1:${port}` });
    render(<HealthGate>app content</HealthGate>);
    expect(await screen.findByLabelText('API', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('network-error')).toBeInTheDocument();
    expect(screen.getByText(/Cannot connect to server/)).toBeInTheDocument();
    expect(screen.getByText(/无法连接服务器/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reload/ })).toBeInTheDocument();
    expect(screen.getByLabelText('API')).toBeInTheDocument();
  }, 30_000);
});

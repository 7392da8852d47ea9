/**
 * The account side of the player against a real HTTP server on 127.0.0.1: positions go out with
 * what waits in the outbox, stay there while the server cannot take them, and are dropped when
 * it refuses them; only accounts of one's own sync; the beacon carries the token in its body;
 * local positions merge at sign-in without history; another device's later queue is offered.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { User } from '@sasayaki/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSession } from '../../shared/api/client.ts';
import { useSettings } from '../../shared/settings/store.ts';
import { useAuth } from '../account/index.ts';
import { deviceIdentity, deviceNameOf } from './device.ts';
import {
  checkContinueOffer,
  createPositionSink,
  mergeLocalPositions,
  mergeReports,
  readOutbox,
  sendPositions,
  settleOfferByPlayback,
  useContinueOffer,
} from './listeningSync.ts';
import { localPositions, resumePosition, savePosition } from './resume.ts';
import { initialPlayerState, usePlayerStore } from './store.ts';
import { folderAudioOf } from './trackTree.ts';
import type { QueueTrack } from './types.ts';

let server: Server;
let requests: { method: string; url: string; auth: string | undefined; body: unknown }[] = [];
let reply: { status: number; body?: unknown } = { status: 200 };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((r) => {
    let b = '';
    req.on('data', (c) => (b += c));
    req.on('end', () => r(b));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const text = await readBody(req);
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      auth: req.headers.authorization,
      body: text ? JSON.parse(text) : undefined,
    });
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body ?? {}));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  useSettings.getState().set({ apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  connectSession({ token: () => useAuth.getState().token, end: () => {}, login: () => {} });
});
afterAll(() => {
  useSettings.getState().set({ apiBaseUrl: '' });
  return new Promise<void>((r) => server.close(() => r()));
});

const user = (group: string): User =>
  ({ name: 'alice', loggedIn: true, group, email: null, recommenderUuid: '' }) as unknown as User;
const signIn = (group = 'user') => useAuth.setState({ token: 'tok', user: user(group), checking: false });

const track = { hash: '1100001/7', title: '01.mp3', duration: 75 } as QueueTrack;

beforeEach(() => {
  localStorage.clear();
  requests = [];
  reply = { status: 200 };
  useAuth.setState({ token: null, user: null });
  usePlayerStore.setState(initialPlayerState());
  useContinueOffer.setState({ offer: null });
});

describe('positions to the account', () => {
  it('keeps them in the outbox while the server cannot take them, and sends them all later', async () => {
    signIn();
    reply = { status: 503, body: { error: 'busy', code: 'DB_BUSY' } };
    await sendPositions([{ track: '1/2', position: 30, at: 1000 }]);
    expect(readOutbox()).toEqual([{ track: '1/2', position: 30, at: 1000 }]);

    reply = { status: 200, body: { saved: 2, ignored: 0 } };
    await sendPositions([
      { track: '1/2', position: 40, at: 2000 },
      { track: '1/3', position: 5, at: 1500 },
    ]);
    expect(readOutbox()).toEqual([]);
    const last = requests.at(-1);
    expect(last?.method).toBe('PUT');
    expect(last?.url).toBe('/api/listening/positions');
    expect(last?.auth).toBe('Bearer tok');
    expect((last?.body as { positions: unknown[] } | undefined)?.positions).toEqual([
      { track: '1/3', position: 5, at: 1500 },
      { track: '1/2', position: 40, at: 2000 },
    ]);
  });

  it('drops what the server refuses as bad input', async () => {
    signIn();
    reply = { status: 400, body: { error: 'bad', code: 'INVALID_REQUEST' } };
    await sendPositions([{ track: '1/2', position: 30, at: 1000 }]);
    expect(readOutbox()).toEqual([]);
  });

  it('sends nothing for anonymous listeners and the shared guest account', async () => {
    await sendPositions([{ track: '1/2', position: 30, at: 1000 }]);
    signIn('guest');
    await sendPositions([{ track: '1/2', position: 30, at: 1000 }]);
    expect(requests).toEqual([]);
    expect(readOutbox()).toEqual([]);
  });

  it('saves while playing at most every 10 s, and at once on pause with the queue', async () => {
    signIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(100_000);
      usePlayerStore.setState({ queue: [track], queueIndex: 0 });
      const sink = createPositionSink();
      sink.playing(track, 10, 75);
      sink.playing(track, 14, 75);
      vi.setSystemTime(111_000);
      sink.playing(track, 21, 75);
      await vi.waitFor(() => expect(requests).toHaveLength(2));
      const sent = requests.map(
        (r) => (r.body as { positions: { position: number }[] }).positions.at(-1)?.position,
      );
      expect(sent).toEqual([10, 21]);
      sink.stopped(track, 22.5, 75);
      await vi.waitFor(() =>
        expect(requests.map((r) => `${r.method} ${r.url}`)).toContain('PUT /api/listening/queue'),
      );
      const queue = requests.find((r) => r.url === '/api/listening/queue')?.body as Record<string, unknown>;
      expect(queue).toMatchObject({ tracks: ['1100001/7'], currentIndex: 0, position: 22.5 });
      expect(queue.deviceId).toBe(deviceIdentity().id);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a closing page sends a beacon with the token in a text body', () => {
    signIn();
    usePlayerStore.setState({ queue: [track], queueIndex: 0 });
    const sendBeacon = vi.fn((_url: string, _body: string) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    try {
      createPositionSink().leaving(track, 33, 75, 7000);
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      const [url, body] = sendBeacon.mock.calls[0] as [string, string];
      expect(url).toMatch(/\/api\/listening\/beacon$/);
      expect(typeof body).toBe('string');
      expect(JSON.parse(body)).toMatchObject({
        token: 'tok',
        positions: [{ track: '1100001/7', position: 33, duration: 75, at: 7000 }],
        queue: { tracks: ['1100001/7'], position: 33, at: 7000 },
      });
    } finally {
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }
  });

  it('a page hidden after a pause re-sends nothing, and dates a new position when it was reached', async () => {
    signIn();
    usePlayerStore.setState({ queue: [track], queueIndex: 0 });
    const sendBeacon = vi.fn((_url: string, _body: string) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    try {
      const sink = createPositionSink();
      const pausedAt = Date.now() - 3 * 3_600_000;
      sink.stopped(track, 200, 600, pausedAt);
      await vi.waitFor(() => expect(requests).toHaveLength(2));
      const saved = requests.map((r) => r.body as { at?: number; positions?: { at: number }[] });
      expect(saved.find((b) => b.positions)?.positions?.[0]?.at).toBe(pausedAt);
      expect(saved.find((b) => !b.positions)?.at).toBe(pausedAt);
      // Hours later the tab is hidden, then closed: nothing new, so no beacon at all.
      sink.leaving(track, 200, 600, pausedAt);
      sink.leaving(track, 200, 600, pausedAt);
      // A page that never moved the position (a restored track) sends nothing either.
      createPositionSink().leaving(track, 200, 600, null);
      expect(sendBeacon).not.toHaveBeenCalled();
      // The listener seeks while paused: that position is new, dated by the seek.
      sink.leaving(track, 250, 600, pausedAt + 5000);
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      const body = JSON.parse((sendBeacon.mock.calls[0] as [string, string])[1]);
      expect(body.positions).toEqual([
        { track: '1100001/7', position: 250, duration: 600, at: pausedAt + 5000 },
      ]);
      expect(body.queue).toMatchObject({ position: 250, at: pausedAt + 5000 });
    } finally {
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }
  });
});

describe('sign-in and other devices', () => {
  it('merges this browser’s positions into the account without history, with their times', async () => {
    savePosition(localStorage, '1100001/7', 42, 75, 5000);
    savePosition(localStorage, 'not-a-hash', 42, 75, 5000);
    signIn();
    await mergeLocalPositions();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({
      history: false,
      positions: [{ track: '1100001/7', position: 42, at: 5000 }],
    });
  });

  it('offers another device’s later queue, never this device’s own', async () => {
    signIn();
    const queue = {
      tracks: [{ track: '1100001/7', workId: 1100001, title: '01.mp3', workTitle: 'W', duration: 75 }],
      currentIndex: 0,
      position: 60,
      device: 'Chrome · Android',
      deviceId: 'phone',
      updatedAt: Date.now(),
    };
    reply = { status: 200, body: { queue } };
    await checkContinueOffer();
    expect(useContinueOffer.getState().offer).toEqual(queue);
    reply = { status: 200, body: { queue: { ...queue, deviceId: deviceIdentity().id } } };
    await checkContinueOffer();
    expect(useContinueOffer.getState().offer).toBeNull();
  });
});

describe('the continue offer', () => {
  it('goes away once its very track plays on this device, and only then', () => {
    const offer = {
      tracks: [{ track: '1100001/7', workId: 1100001, title: '01.mp3', workTitle: 'W', duration: 75 }],
      currentIndex: 0,
      position: 60,
      device: 'Chrome · Linux',
      deviceId: 'desk',
      updatedAt: Date.now(),
    };
    useContinueOffer.setState({ offer });
    const other = { ...track, hash: '1100001/8' };
    settleOfferByPlayback({ playing: true, queue: [other], queueIndex: 0 });
    expect(useContinueOffer.getState().offer).toEqual(offer);
    settleOfferByPlayback({ playing: false, queue: [track], queueIndex: 0 });
    expect(useContinueOffer.getState().offer).toEqual(offer);
    settleOfferByPlayback({ playing: true, queue: [other, track], queueIndex: 1 });
    expect(useContinueOffer.getState().offer).toBeNull();
  });
});

describe('pieces', () => {
  it('keeps the latest report per track, at most a batch', () => {
    const many = Array.from({ length: 600 }, (_, i) => ({ track: `1/${i + 1}`, position: i, at: i }));
    const merged = mergeReports([...many, { track: '1/1', position: 99, at: 10_000 }]);
    expect(merged).toHaveLength(500);
    expect(merged.at(-1)).toEqual({ track: '1/1', position: 99, at: 10_000 });
  });

  it('names the device from its browser and system', () => {
    expect(
      deviceNameOf('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'),
    ).toBe('Chrome · Android');
    expect(
      deviceNameOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Safari/604.1'),
    ).toBe('Safari · iPhone');
    expect(deviceNameOf('')).toBe('Browser');
  });

  it('keeps local positions with their times, reading the older form too', () => {
    localStorage.setItem('sasayaki-resume', JSON.stringify({ '1/2': 120, '1/3': { t: 50, at: 7 } }));
    expect(localPositions(localStorage)).toEqual([
      ['1/2', { t: 120, at: 0 }],
      ['1/3', { t: 50, at: 7 }],
    ]);
    expect(resumePosition(localStorage, '1/2', 600)).toBe(120);
    savePosition(localStorage, '1/3', 598, 600, 9);
    expect(resumePosition(localStorage, '1/3', 600)).toBe(0);
  });

  it('finds the folder of a track in a tree', () => {
    const file = (hash: string, type = 'audio') => ({ type, hash, title: hash }) as never;
    const tree = [
      { type: 'folder', title: 'A', children: [file('1/1'), file('1/9', 'text'), file('1/2')] },
      file('1/3'),
    ] as never;
    expect(folderAudioOf(tree, '1/2')).toMatchObject({ index: 1, files: [{ hash: '1/1' }, { hash: '1/2' }] });
    expect(folderAudioOf(tree, '1/3')).toMatchObject({ index: 0 });
    expect(folderAudioOf(tree, '9/9')).toBeNull();
  });
});

/**
 * The subtitle review queue against a stand-in API on 127.0.0.1: rows with their work, track,
 * language and contributor; the text beside the audio, shown as text; accept as sent, accept a
 * corrected text, reject with a reason; the empty queue.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fakeApi.ts';
import { answering, notices, renderConsole, shows } from '../../../../test/renderConsole.tsx';
import { SubtitleQueueSection } from './SubtitleQueueSection.tsx';

const api = fakeApi();
const QUEUE = '/api/admin/subtitles';
const AT = Date.UTC(2026, 10, 27, 12, 0);
const TEXT = '[00:01.00]<b>Good evening</b>\n[00:05.00]Shall we begin?';

const contribution = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  workId: 300001,
  workTitle: 'A night without lyrics',
  fileId: 40 + id,
  trackTitle: `0${id} Track.mp3`,
  name: `0${id} Track.lrc`,
  format: 'lrc',
  language: 'en',
  note: '',
  contributor: 'alice',
  status: 'pending',
  reason: '',
  version: null,
  corrected: false,
  lines: 2,
  cues: 2,
  size: 50,
  createdAt: AT,
  reviewedAt: null,
  reviewedBy: null,
  textUrl: `/api/subtitles/${id}/text`,
  ...over,
});

let queue: ReturnType<typeof contribution>[] = [];
const done = (id: number) => {
  queue = queue.filter((c) => c.id !== id);
};

function server() {
  answering(api, {
    [`GET ${QUEUE}`]: () => ({ body: { contributions: queue } }),
    'GET /api/subtitles/1/text': { body: TEXT },
    'GET /api/subtitles/2/text': { body: TEXT },
    [`POST ${QUEUE}/1/accept`]: () => {
      done(1);
      return { body: { contribution: contribution(1, { status: 'accepted', version: 1 }) } };
    },
    [`POST ${QUEUE}/2/reject`]: () => {
      done(2);
      return { body: { message: 'subtitle rejected' } };
    },
  });
}

beforeEach(() => {
  queue = [
    contribution(1, { note: 'my first translation' }),
    contribution(2, { language: 'ja', contributor: 'bob' }),
  ];
});

const row = (text: string) =>
  screen.getAllByTestId('subtitle-row').find((r) => r.textContent?.includes(text)) as HTMLElement;

describe('subtitle review queue', { timeout: 30_000 }, () => {
  it('lists what waits with its work, track, language, contributor and note', async () => {
    server();
    renderConsole(<SubtitleQueueSection />);
    expect(await shows(/01 Track\.mp3/)).toBeInTheDocument();
    expect(row('01 Track.mp3')).toHaveTextContent('A night without lyrics');
    expect(row('01 Track.mp3')).toHaveTextContent('by alice');
    expect(row('01 Track.mp3')).toHaveTextContent('Note: my first translation');
    expect(row('02 Track.mp3')).toHaveTextContent('ja');
    expect(row('02 Track.mp3')).toHaveTextContent('by bob');
  });

  it('shows the text beside the audio as text and accepts it as sent', async () => {
    server();
    renderConsole(<SubtitleQueueSection />);
    await shows(/01 Track\.mp3/);
    fireEvent.click(within(row('01 Track.mp3')).getByRole('button', { name: 'Review' }));
    const text = await screen.findByTestId('subtitle-text');
    await waitFor(() => expect(text).toHaveValue(TEXT));
    // Markup in a cue stays text: nothing of it is rendered as an element.
    expect(row('01 Track.mp3').querySelector('b')).toBeNull();
    expect(row('01 Track.mp3').querySelector('audio')?.getAttribute('src')).toMatch(
      /\/api\/media\/stream\/41$/,
    );
    fireEvent.click(within(row('01 Track.mp3')).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(notices()).toEqual(['positive: Subtitle accepted: every listener sees it now.']),
    );
    await waitFor(() => expect(screen.queryByText(/01 Track\.mp3/)).toBeNull());
    expect(api.seen.find((r) => r.url === `${QUEUE}/1/accept`)?.body).toEqual({});
  });

  it('sends an edited text as the corrected version', async () => {
    server();
    renderConsole(<SubtitleQueueSection />);
    await shows(/01 Track\.mp3/);
    fireEvent.click(within(row('01 Track.mp3')).getByRole('button', { name: 'Review' }));
    const text = await screen.findByTestId('subtitle-text');
    await waitFor(() => expect(text).toHaveValue(TEXT));
    fireEvent.change(text, { target: { value: '[00:01.00]Good evening.' } });
    fireEvent.click(within(row('01 Track.mp3')).getByRole('button', { name: 'Accept corrected version' }));
    await waitFor(() => expect(notices()).toEqual(['positive: Corrected subtitle accepted.']));
    expect(api.seen.find((r) => r.url === `${QUEUE}/1/accept`)?.body).toEqual({
      text: '[00:01.00]Good evening.',
    });
  });

  it('rejects only with a reason, and sends it', async () => {
    server();
    renderConsole(<SubtitleQueueSection />);
    await shows(/02 Track\.mp3/);
    fireEvent.click(within(row('02 Track.mp3')).getByRole('button', { name: 'Review' }));
    await screen.findByTestId('subtitle-text');
    const reject = within(row('02 Track.mp3')).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    fireEvent.change(within(row('02 Track.mp3')).getByLabelText('Reason for the contributor'), {
      target: { value: ' Timing drifts ' },
    });
    await waitFor(() => expect(reject).toBeEnabled());
    fireEvent.click(reject);
    await waitFor(() =>
      expect(notices()).toEqual(['positive: Subtitle rejected; the contributor sees your reason.']),
    );
    expect(api.seen.find((r) => r.url === `${QUEUE}/2/reject`)?.body).toEqual({ reason: 'Timing drifts' });
  });

  it('says when nothing waits', async () => {
    queue = [];
    server();
    renderConsole(<SubtitleQueueSection />);
    expect(await shows('Nothing to review.')).toBeInTheDocument();
  });
});

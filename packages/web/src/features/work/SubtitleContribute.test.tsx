/**
 * The work page's community subtitles card and upload dialog against a stand-in API on
 * 127.0.0.1: "subtitles wanted" where no track has any, a zip opened and matched to the tracks,
 * a track chosen by hand, a refused file shown with its reason and left out, and the upload's body.
 */
import type { TrackNode } from '@sasayaki/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { answering, notices, renderConsole, shows } from '../../../test/renderConsole.tsx';
import { CommunitySubtitles } from './SubtitleContribute.tsx';

const api = fakeApi();
const enc = new TextEncoder();
const LRC = '[00:01.00]Good evening\n[00:05.00]Shall we begin?';
const audio = (id: number, title: string, duration: number, lyrics = 0) => ({
  type: 'audio' as const,
  hash: `300001/${id}`,
  title,
  work: { id: 300001, source_id: 'RJ300001', source_type: 'DLSITE' },
  workTitle: 'A night without lyrics',
  mediaStreamUrl: `/api/media/stream/${id}`,
  mediaDownloadUrl: `/api/media/download/${id}`,
  streamLowQualityUrl: '',
  size: 1,
  duration,
  availableLyrics: Array.from({ length: lyrics }, () => ({
    title: 'x.lrc',
    confidence: 1,
    mediaDownloadUrl: '/x',
  })),
});
const TREE: TrackNode[] = [
  {
    type: 'folder',
    title: 'mp3',
    children: [audio(11, '01 Opening.mp3', 120), audio(12, '02 Main.mp3', 600)],
  },
];
const WORK = { id: 300001, title: 'A night without lyrics', source_id: 'RJ300001' } as never;

const pick = (files: File[]) => fireEvent.change(screen.getByTestId('subtitle-files'), { target: { files } });
const item = (name: string) =>
  screen.getAllByTestId('subtitle-item').find((r) => r.textContent?.startsWith(name)) as HTMLElement;

describe('community subtitles on the work page', { timeout: 30_000 }, () => {
  it('says subtitles are wanted only where no track has any', async () => {
    renderConsole(<CommunitySubtitles work={WORK} tree={TREE} />);
    expect(await shows(/^Subtitles wanted/)).toBeInTheDocument();
    cleanup();
    const subtitled: TrackNode[] = [audio(11, '01 Opening.mp3', 120, 1)];
    renderConsole(<CommunitySubtitles work={WORK} tree={subtitled} />);
    expect(await shows(/another language, or a better version/)).toBeInTheDocument();
    expect(screen.queryByText(/^Subtitles wanted/)).toBeNull();
  });

  it('matches a zip’s files to the tracks, takes a chosen track, leaves a refused file out and sends', async () => {
    answering(api, {
      'POST /api/subtitles/work/300001': () => ({ body: { contributions: [] } }),
    });
    renderConsole(<CommunitySubtitles work={WORK} tree={TREE} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Contribute subtitles' }));
    const zip = zipSync({ 'en/01 Opening.lrc': enc.encode(LRC), 'en/translation.lrc': enc.encode(LRC) });
    pick([
      new File([zip], 'night.zip', { type: 'application/zip' }),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1])], 'cover.lrc'),
    ]);
    await waitFor(() => expect(screen.getAllByTestId('subtitle-item')).toHaveLength(3));
    expect(item('01 Opening.lrc')).toHaveTextContent('2 lines');
    expect(within(item('01 Opening.lrc')).getByRole('combobox', { name: 'Track' })).toHaveTextContent(
      '01 Opening.mp3',
    );
    expect(item('translation.lrc')).toHaveTextContent('Choose its track');
    expect(item('cover.lrc')).toHaveTextContent('Not text');
    expect(screen.getByRole('button', { name: 'Send 1 file for review' })).toBeEnabled();

    fireEvent.mouseDown(within(item('translation.lrc')).getByRole('combobox', { name: 'Track' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '02 Main.mp3' }));
    fireEvent.change(screen.getByLabelText('Note for the reviewers (optional)'), {
      target: { value: ' fan translation ' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send 2 files for review' }));
    await waitFor(() =>
      expect(notices()).toEqual([
        'positive: 2 files sent for review. You will see the decision in your contributions.',
      ]),
    );
    const sent = api.seen.find((r) => r.method === 'POST')?.body as {
      language: string;
      note: string;
      files: { name: string; data: string; fileId: number }[];
    };
    expect(sent.language).toBe('en');
    expect(sent.note).toBe('fan translation');
    expect(sent.files.map((f) => [f.name, f.fileId, atob(f.data)])).toEqual([
      ['01 Opening.lrc', 11, LRC],
      ['translation.lrc', 12, LRC],
    ]);
  });

  it('shows the listener’s own contributions to this work with the reviewer’s reason', async () => {
    const mine = (id: number, over: Record<string, unknown>) => ({
      id,
      workId: 300001,
      name: `s${id}.lrc`,
      trackTitle: '01 Opening.mp3',
      language: 'en',
      status: 'pending',
      reason: '',
      ...over,
    });
    answering(api, {
      'GET /api/subtitles/mine': {
        body: {
          contributions: [
            mine(1, { status: 'accepted' }),
            mine(2, { status: 'rejected', reason: 'The timing drifts' }),
            mine(3, { workId: 999 }),
          ],
        },
      },
    });
    renderConsole(<CommunitySubtitles work={WORK} tree={TREE} />);
    const list = await screen.findByTestId('my-subtitles');
    expect(list).toHaveTextContent('s1.lrc → 01 Opening.mp3 (en)Accepted');
    expect(list).toHaveTextContent('s2.lrc → 01 Opening.mp3 (en)RejectedReason: The timing drifts');
    expect(list).not.toHaveTextContent('s3.lrc');
  });
});

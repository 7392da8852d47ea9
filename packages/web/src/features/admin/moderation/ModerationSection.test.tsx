/**
 * Moderation against a stand-in API on 127.0.0.1: the reviews' list with its search and filter,
 * hiding, showing and deleting a review (each read again after), a refusal's one notice, and a
 * work's tags removed one by one.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../test/fakeApi.ts';
import {
  answering,
  asked,
  notices,
  pagination,
  renderConsole,
  shows,
  url,
} from '../../../../test/renderConsole.tsx';
import { ModerationSection } from './ModerationSection.tsx';

const api = fakeApi();
const REVIEWS = '/api/admin/reviews';

const review = (over: Partial<Record<string, unknown>> = {}) => ({
  userId: 3,
  userName: 'loud',
  workId: 1234567,
  workTitle: 'Rain on the roof',
  rating: 1,
  text: 'Not about the work at all',
  updatedAt: Date.UTC(2026, 10, 27),
  hidden: false,
  ...over,
});

const list = (reviews: unknown[]) => ({ body: { reviews, pagination: pagination(reviews.length) } });

afterEach(() => {
  vi.restoreAllMocks();
});

const item = () => screen.getByTestId('moderated-review');

describe('moderation: reviews', { timeout: 30_000 }, () => {
  it('lists the reviews with their author, work and text', async () => {
    answering(api, {
      [`GET ${REVIEWS}`]: list([
        review(),
        review({ userId: 4, userName: 'quiet', hidden: true, workTitle: null }),
      ]),
    });
    renderConsole(<ModerationSection />);
    expect(await shows('quiet')).toBeInTheDocument();
    const [shown, hidden] = screen.getAllByTestId('moderated-review');
    expect(within(shown as HTMLElement).getByRole('link', { name: 'Rain on the roof' })).toHaveAttribute(
      'href',
      '/work/1234567',
    );
    expect(shown).not.toHaveTextContent('Hidden');
    expect(hidden).toHaveTextContent('quiet');
    expect(hidden).toHaveTextContent('Hidden');
    expect(hidden).toHaveTextContent('Work 1234567 (no longer in the library)');
    expect(within(hidden as HTMLElement).getByRole('button', { name: 'Show again' })).toBeInTheDocument();
    expect(asked(api, 'GET', REVIEWS)).toEqual([`${REVIEWS}?page=1&pageSize=20`]);
  });

  it('searches the text, name or work, and shows all, the visible or the hidden ones', async () => {
    answering(api, { [`GET ${REVIEWS}`]: list([review()]) });
    renderConsole(<ModerationSection />);
    await shows('loud');
    fireEvent.change(screen.getByLabelText('Search text, name or work'), { target: { value: 'rain' } });
    await waitFor(() =>
      expect(asked(api, 'GET', REVIEWS).at(-1)).toBe(`${REVIEWS}?page=1&pageSize=20&q=rain`),
    );
    const show = async (option: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Show' }));
      fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
    };
    await show('Hidden');
    await waitFor(() =>
      expect(asked(api, 'GET', REVIEWS).at(-1)).toBe(`${REVIEWS}?page=1&pageSize=20&q=rain&hidden=true`),
    );
    expect(url()).toBe('/admin/section?q=rain&shown=hidden');
    await show('Visible');
    await waitFor(() =>
      expect(asked(api, 'GET', REVIEWS).at(-1)).toBe(`${REVIEWS}?page=1&pageSize=20&q=rain&hidden=false`),
    );
    // All again: the first answer, still fresh, is shown without asking.
    await show('All');
    await waitFor(() => expect(url()).toBe('/admin/section?q=rain'));
    expect(asked(api, 'GET', REVIEWS)).toHaveLength(4);
  });

  it('hides a review, says so, and reads the list again', async () => {
    let hidden = false;
    answering(api, {
      [`GET ${REVIEWS}`]: () => list([review({ hidden })]),
      'POST /api/admin/reviews/hide': (req) => {
        hidden = (req.body as { hidden: boolean }).hidden;
        return { body: { message: 'ok' } };
      },
    });
    renderConsole(<ModerationSection />);
    await shows('loud');
    fireEvent.click(within(item()).getByRole('button', { name: 'Hide' }));
    expect(await within(item()).findByRole('button', { name: 'Show again' })).toBeInTheDocument();
    expect(api.seen.find((r) => r.method === 'POST')?.body).toEqual({
      userId: 3,
      workId: 1234567,
      hidden: true,
    });
    expect(asked(api, 'GET', REVIEWS)).toHaveLength(2);
    expect(notices()).toEqual(['positive: Review hidden: only its author still sees it.']);
    await waitFor(() => expect(within(item()).getByRole('button', { name: 'Show again' })).toBeEnabled());
    fireEvent.click(within(item()).getByRole('button', { name: 'Show again' }));
    expect(await within(item()).findByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect(api.seen.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      userId: 3,
      workId: 1234567,
      hidden: false,
    });
    expect(notices()).toContain('positive: Review shown again.');
  });

  it('deletes a review once confirmed, and sends nothing when not', async () => {
    let gone = false;
    answering(api, {
      [`GET ${REVIEWS}`]: () => list(gone ? [] : [review()]),
      'POST /api/admin/reviews/delete': () => {
        gone = true;
        return { body: { message: 'ok' } };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderConsole(<ModerationSection />);
    await shows('loud');
    fireEvent.click(within(item()).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete this review by loud? This cannot be undone.');
    await new Promise((r) => setTimeout(r, 100));
    expect(api.seen.filter((r) => r.method === 'POST')).toEqual([]);
    confirm.mockReturnValue(true);
    fireEvent.click(within(item()).getByRole('button', { name: 'Delete' }));
    expect(await shows(/^No review matches/)).toBeInTheDocument();
    expect(api.seen.filter((r) => r.method === 'POST').map((r) => [r.url, r.body])).toEqual([
      ['/api/admin/reviews/delete', { userId: 3, workId: 1234567 }],
    ]);
    expect(notices()).toEqual(['positive: Review deleted.']);
  });

  it('shows a refusal once, in words, and reads the list again', async () => {
    answering(api, {
      [`GET ${REVIEWS}`]: list([review()]),
      'POST /api/admin/reviews/hide': { status: 403, body: { error: 'admin only', code: 'ADMIN_ONLY' } },
    });
    renderConsole(<ModerationSection />);
    await shows('loud');
    fireEvent.click(within(item()).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(asked(api, 'GET', REVIEWS)).toHaveLength(2));
    expect(notices()).toEqual(['negative: Only administrators can do this.']);
    await waitFor(() => expect(within(item()).getByRole('button', { name: 'Hide' })).toBeEnabled());
  });

  it('says when no review matches, and why the list could not be read', async () => {
    answering(api, { [`GET ${REVIEWS}`]: list([]) });
    renderConsole(<ModerationSection />);
    expect(await shows(/^No review matches/)).toBeInTheDocument();
    answering(api, {
      [`GET ${REVIEWS}`]: { status: 403, body: { error: 'admin only', code: 'ADMIN_ONLY' } },
    });
    fireEvent.change(screen.getByLabelText('Search text, name or work'), { target: { value: 'x' } });
    expect(await screen.findByTestId('list-error')).toHaveTextContent('Only administrators can do this.');
  });
});

describe('moderation: the tags of a work', { timeout: 30_000 }, () => {
  const work = (tags: { id: number; name: string }[]) => ({
    body: {
      id: 1234567,
      title: 'Rain on the roof',
      tags: tags.map((t) => ({ ...t, upvote: 1, downvote: 0 })),
    },
  });

  it('opens a work by its code and removes a tag once confirmed', async () => {
    let tags = [
      { id: 11, name: 'rain' },
      { id: 12, name: 'spam' },
    ];
    answering(api, {
      [`GET ${REVIEWS}`]: list([]),
      'GET /api/work/RJ01234567': () => work(tags),
      'POST /api/admin/works/tags/remove': (req) => {
        tags = tags.filter((t) => t.id !== (req.body as { tagId: number }).tagId);
        return { body: { message: 'ok' } };
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderConsole(<ModerationSection />);
    fireEvent.change(screen.getByLabelText('Work id or code'), { target: { value: ' RJ01234567 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const chips = await screen.findByTestId('work-tags');
    expect(chips).toHaveTextContent('rainspam');
    const spam = within(chips).getByText('spam').closest('.MuiChip-root') as HTMLElement;
    fireEvent.click(spam.querySelector('.MuiChip-deleteIcon') as Element);
    await waitFor(() => expect(screen.getByTestId('work-tags')).toHaveTextContent(/^rain$/));
    expect(window.confirm).toHaveBeenCalledWith('Remove the tag “spam” from this work, with its votes?');
    expect(api.seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { workId: 1234567, tagId: 12 },
    ]);
    expect(notices()).toEqual(['positive: Tag removed.']);
  });

  it('says when there is no such work', async () => {
    answering(api, { [`GET ${REVIEWS}`]: list([]) });
    renderConsole(<ModerationSection />);
    fireEvent.change(screen.getByLabelText('Work id or code'), { target: { value: 'RJ09999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await shows('No such work.')).toBeInTheDocument();
  });
});

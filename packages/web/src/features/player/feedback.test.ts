/** A feedback the server took notes that this browser's recommender id now has a history. */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { hasRecommenderHistory } from '../../shared/recommender/ownHistory.ts';
import { sendFeedback } from './feedback.ts';

const api = fakeApi();
const UUID = '00000000-0000-4000-8000-000000000001';

afterEach(() => localStorage.removeItem('sasayaki-recommender-history'));

describe('recommender feedback', () => {
  it('notes the history once the server took it, not when it refused', async () => {
    api.answer = () => ({ status: 400, body: { error: 'no' } });
    await sendFeedback('start', UUID, 1);
    expect(hasRecommenderHistory(UUID)).toBe(false);
    api.answer = () => ({ body: {} });
    await sendFeedback('start', UUID, 1);
    expect(api.seen.at(-1)).toMatchObject({
      url: '/api/recommender/feedback',
      body: { type: 'start', recommenderUuid: UUID, itemId: 1 },
    });
    expect(hasRecommenderHistory(UUID)).toBe(true);
  });
});

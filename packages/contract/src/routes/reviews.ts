/** Reviews and progress: the caller's own, and every listener's ratings and texts of a work. */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { MessageBody, Pagination, WorkList } from '../api.ts';
import { LIMITS, PROGRESS_VALUES, type Progress, WORK_ORDERS } from '../constants.ts';
import { defineRoute } from './define.ts';
import {
  OrNull,
  PageQuery,
  Refusals,
  Seed,
  SortDirection,
  StringEnum,
  WithPlaylistStatus,
  WorkIdInput,
} from './fields.ts';

/** One listener's rating and text of a work (progress stays private). */
export const WorkReview = Type.Object({
  userName: Type.String(),
  rating: OrNull(Type.Integer()),
  review_text: OrNull(Type.String()),
  updatedAt: Type.Integer(),
  mine: Type.Boolean(),
});
export type WorkReview = Static<typeof WorkReview>;

const Rating = OrNull(Type.Integer({ minimum: 0, maximum: 5 }));
const REVIEW_ORDERS = ['updated_at', ...WORK_ORDERS] as const;

export const reviews = {
  put: defineRoute({
    method: 'PUT',
    path: '/api/review',
    tags: ['reviews'],
    summary: 'Rate, review or set the progress of a work (own review)',
    description:
      'Fields left out stay as they are; null clears a field and rating 0 clears the rating (`review_point` is accepted as an alias of `rating`). A review with no field left is removed. Ratings feed the site rating of the work (`site_rate_*`, beside the store rating `rate_*`).',
    bearer: true,
    body: Type.Object({
      work_id: WorkIdInput,
      rating: Type.Optional(Rating),
      review_point: Type.Optional(Rating),
      review_text: Type.Optional(OrNull(Type.String({ maxLength: LIMITS.reviewText }))),
      progress: Type.Optional(
        Type.Unsafe<Progress | '' | null>({ type: ['string', 'null'], enum: [...PROGRESS_VALUES, '', null] }),
      ),
    }),
    response: { 200: MessageBody, ...Refusals },
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/api/review',
    tags: ['reviews'],
    summary: 'Works the caller reviewed, rated or set a progress on, with their own review fields',
    description:
      'Default order `updated_at` desc (when the review last changed); `filter` keeps one progress.',
    bearer: true,
    querystring: Type.Object({
      order: Type.Optional(StringEnum(REVIEW_ORDERS)),
      sort: Type.Optional(SortDirection),
      ...PageQuery,
      filter: Type.Optional(StringEnum([...PROGRESS_VALUES, ''])),
      seed: Type.Optional(Seed),
      withPlaylistStatus: Type.Optional(WithPlaylistStatus),
    }),
    response: { 200: WorkList, ...Refusals },
  }),
  ofWork: defineRoute({
    method: 'GET',
    path: '/api/review/of-work',
    tags: ['reviews'],
    summary: 'Every listener’s rating and review text of one work, most recently changed first',
    description:
      'Public. Only reviews with a rating or a text; progress stays private. `mine` marks the caller’s own.',
    querystring: Type.Object({ work_id: WorkIdInput, ...PageQuery }),
    response: { 200: Type.Object({ reviews: Type.Array(WorkReview), pagination: Pagination }), ...Refusals },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/review',
    tags: ['reviews'],
    summary: 'Remove the caller’s review (rating, text and progress) of a work',
    bearer: true,
    querystring: Type.Object({ work_id: WorkIdInput }),
    response: { 200: MessageBody, ...Refusals },
  }),
};

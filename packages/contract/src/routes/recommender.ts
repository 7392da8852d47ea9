/** Recommendations (docs/recommender.md): popular, for a listener, similar works, listening events. */
import * as Type from 'typebox/type';
import { MessageBody, WorkList } from '../api.ts';
import { LIMITS, RECOMMENDER_EVENTS } from '../constants.ts';
import { defineRoute } from './define.ts';
import {
  Flag,
  LocalSubtitledWorks,
  OrNull,
  PageQuery,
  Refusals,
  Str,
  StringEnum,
  WithPlaylistStatus,
  WorkIdInput,
} from './fields.ts';

const ListFields = {
  // Length and terms are checked by the server's search compiler (a 400 naming the limit).
  keyword: Type.Optional(Type.String({ description: `at most ${LIMITS.keywordMax} characters` })),
  ...PageQuery,
  subtitle: Type.Optional(Flag('1 or true: only works with subtitles (or in localSubtitledWorks)')),
  localSubtitledWorks: Type.Optional(LocalSubtitledWorks),
  withPlaylistStatus: Type.Optional(WithPlaylistStatus),
};
const RecommenderUuid = Str(64, { description: 'the browser’s recommender id (a UUID)' });

export const recommender = {
  popular: defineRoute({
    method: 'POST',
    path: '/api/recommender/popular',
    tags: ['recommender'],
    summary: 'Popular works: recent listening feedback, ratings and playlist additions with time decay',
    body: OrNull(Type.Object(ListFields)),
    response: { 200: WorkList, ...Refusals },
  }),
  forListener: defineRoute({
    method: 'POST',
    path: '/api/recommender/recommend-for-user',
    tags: ['recommender'],
    summary: 'Recommendations from the history of the signed-in user or of the anonymous recommenderUuid',
    description: 'Works the listener finished (90 % milestone, progress listened/replay) are left out.',
    body: OrNull(Type.Object({ ...ListFields, recommenderUuid: Type.Optional(RecommenderUuid) })),
    response: { 200: WorkList, ...Refusals },
  }),
  neighbours: defineRoute({
    method: 'POST',
    path: '/api/recommender/item-neighbors',
    tags: ['recommender'],
    summary: 'Works like this one: shared tags, voice actors, circle, and co-listening',
    body: Type.Object({ ...ListFields, itemId: WorkIdInput }),
    response: { 200: WorkList, ...Refusals },
  }),
  event: defineRoute({
    method: 'POST',
    path: '/api/recommender/feedback',
    tags: ['recommender'],
    summary:
      'Store a listening event: start, play5m/15m/30m/60m, progress30/60/90, rate, mark, like, dislike',
    description:
      'The event belongs to the recommenderUuid (the signed-in user’s own one when it is left out) and, when signed in, to the user.',
    body: Type.Object({
      type: StringEnum(RECOMMENDER_EVENTS),
      recommenderUuid: Type.Optional(RecommenderUuid),
      itemId: WorkIdInput,
    }),
    response: { 200: MessageBody, ...Refusals },
  }),
};

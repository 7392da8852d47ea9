/**
 * One representative call of every repository query, by repository (renderQueries.ts renders
 * them). A query added to a repository gets its sample here, so its SQL is reviewed with it.
 */
import { parseKeyword } from '@sasayaki/contract';
import type { Kysely } from 'kysely';
import type { Db, Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import * as catalogue from './catalogue.ts';
import * as entities from './entities.ts';
import * as feedback from './feedback.ts';
import * as files from './files.ts';
import * as playlists from './playlists.ts';
import * as recommender from './recommender.ts';
import * as reviews from './reviews.ts';
import { compileSearchTerms } from './searchSql.ts';
import * as settings from './settings.ts';
import * as users from './users.ts';
import * as verifications from './verifications.ts';
import * as votes from './votes.ts';
import * as workLists from './workLists.ts';
import * as works from './works.ts';

type Sample = (t: { db: Kysely<Database>; dialect: Dialect }) => Promise<unknown>;

const NOW = 1_700_000_000_000;
const PLAYLIST = '00000000-0000-4000-8000-000000000001';
const asDb = (t: { db: Kysely<Database>; dialect: Dialect }): Db => ({ ...t, close: async () => {} });

export const QUERY_SAMPLES: Record<string, Record<string, Sample>> = {
  settings: {
    findSetting: ({ db }) => settings.findSetting(db, 'maintenance'),
    deleteSetting: ({ db }) => settings.deleteSetting(db, 'maintenance'),
    insertSetting: ({ db }) => settings.insertSetting(db, 'maintenance', '<p>back soon</p>'),
    settingOrInsert: ({ db }) => settings.settingOrInsert(db, 'jwt_secret', 'secret'),
  },
  users: {
    findUserIdByNameOrKey: ({ db }) => users.findUserIdByNameOrKey(db, 'Alice', 'alice'),
    insertUser: ({ db }) =>
      users.insertUser(db, {
        name: 'Alice',
        name_key: 'alice',
        password_hash: '$argon2id$…',
        grp: 'user',
        email: null,
        recommender_uuid: PLAYLIST,
        created_at: NOW,
        updated_at: NOW,
      }),
    findUserRowByName: ({ db }) => users.findUserRowByName(db, 'Alice'),
    findUserRowByNameKey: ({ db }) => users.findUserRowByNameKey(db, 'alice'),
    findUserRowById: ({ db }) => users.findUserRowById(db, 7),
    findUserRowByEmail: ({ db }) => users.findUserRowByEmail(db, 'alice@example.com'),
    findUserIdByEmail: ({ db }) => users.findUserIdByEmail(db, 'alice@example.com', 7),
    findTokenHolder: ({ db }) => users.findTokenHolder(db, 7),
    updatePasswordByName: ({ db }) => users.updatePasswordByName(db, 'Alice', '$argon2id$…', NOW),
    updatePasswordById: ({ db }) => users.updatePasswordById(db, 7, '$argon2id$…', NOW),
    updateGroupByName: ({ db }) => users.updateGroupByName(db, 'Alice', 'administrator', NOW),
    updateEmail: ({ db }) => users.updateEmail(db, 7, 'alice@example.com', NOW),
    deleteUserByName: ({ db }) => users.deleteUserByName(db, 'Alice'),
    deleteUserById: ({ db }) => users.deleteUserById(db, 7),
    allUsers: ({ db }) => users.allUsers(db),
  },
  verifications: {
    deleteOpenCodes: ({ db }) => verifications.deleteOpenCodes(db, 7, 'link'),
    deleteExpiredCodes: ({ db }) => verifications.deleteExpiredCodes(db, 7, NOW),
    insertCode: ({ db }) =>
      verifications.insertCode(db, {
        id: PLAYLIST,
        user_id: 7,
        purpose: 'link',
        email: 'alice@example.com',
        code_hash: 'hash',
        expires_at: NOW,
        created_at: NOW,
      }),
    claimAttempt: ({ db }) => verifications.claimAttempt(db, PLAYLIST, 'reset', 5, NOW, 7),
    deleteCode: ({ db }) => verifications.deleteCode(db, PLAYLIST, 'reset', 7),
    useCode: ({ db }) => verifications.useCode(db, PLAYLIST),
  },
  reviews: {
    reviewsOfWork: ({ db }) => reviews.reviewsOfWork(db, 1001),
    reviewedAmong: ({ db }) => reviews.reviewedAmong(db, [1001, 1002]),
    findReview: ({ db }) => reviews.findReview(db, 7, 1001),
    deleteReviewRow: ({ db }) => reviews.deleteReviewRow(db, 7, 1001),
    updateReviewRow: ({ db }) =>
      reviews.updateReviewRow(db, 7, 1001, { rating: 5, review_text: 'good', progress: 'listened' }, NOW),
    insertReviewRow: ({ db }) =>
      reviews.insertReviewRow(db, 7, 1001, { rating: 5, review_text: null, progress: null }, NOW),
    reviewedWorksOfUser: ({ db }) => reviews.reviewedWorksOfUser(db, 7),
    deleteReviewsOfUser: ({ db }) => reviews.deleteReviewsOfUser(db, 7),
    countPublicReviews: ({ db }) => reviews.countPublicReviews(db, 1001),
    publicReviewsPage: ({ db }) => reviews.publicReviewsPage(db, 1001, 20, 40),
  },
  votes: {
    workTagOrigin: ({ db }) => votes.workTagOrigin(db, 1001, 3),
    voteStatuses: ({ db }) => votes.voteStatuses(db, 1001, 3),
    updateWorkTagCounts: ({ db }) =>
      votes.updateWorkTagCounts(db, 1001, 3, { upvote: 2, downvote: 0, vote_status: 0 }),
    deleteVote: ({ db }) => votes.deleteVote(db, 7, 1001, 3),
    insertVote: ({ db }) =>
      votes.insertVote(db, { user_id: 7, work_id: 1001, tag_id: 3, status: 1, created_at: NOW }),
    tagVoteStates: ({ db }) => votes.tagVoteStates(db, 7, 1001, [3, 4]),
    attachedTagIds: ({ db }) => votes.attachedTagIds(db, 1001, [3, 4]),
    existingTagIds: ({ db }) => votes.existingTagIds(db, [3, 4]),
    insertUserWorkTag: ({ db }) =>
      votes.insertUserWorkTag(db, { work_id: 1001, tag_id: 3, added_by: 7, vote_status: 1, created_at: NOW }),
    votedWorkTagsOfUser: ({ db }) => votes.votedWorkTagsOfUser(db, 7),
    deleteVotesOfUser: ({ db }) => votes.deleteVotesOfUser(db, 7),
  },
  feedback: {
    insertFeedback: ({ db }) =>
      feedback.insertFeedback(db, {
        user_id: 7,
        work_id: 1001,
        category: 'audio',
        details: 'track 2 is silent',
        url: '/work/RJ01001',
        created_at: NOW,
        handled_at: null,
      }),
    countFeedback: ({ db }) => feedback.countFeedback(db, true),
    feedbackPage: ({ db }) => feedback.feedbackPage(db, false, 20, 0),
    setHandledAt: ({ db }) => feedback.setHandledAt(db, 5, NOW),
  },
  playlists: {
    findPlaylistRow: ({ db }) => playlists.findPlaylistRow(db, PLAYLIST),
    systemKindsOf: ({ db }) => playlists.systemKindsOf(db, 7),
    insertPlaylist: ({ db }) =>
      playlists.insertPlaylist(db, {
        id: PLAYLIST,
        user_id: 7,
        name: 'Sleep',
        privacy: 0,
        system_kind: null,
        created_at: NOW,
        updated_at: NOW,
      }),
    lockPlaylistRow: ({ db, dialect }) => playlists.lockPlaylistRow(db, dialect, PLAYLIST),
    knownWorkIds: ({ db }) => playlists.knownWorkIds(db, [1001, 1002]),
    worksInPlaylist: ({ db }) => playlists.worksInPlaylist(db, PLAYLIST, [1001, 1002]),
    countPlaylistWorks: ({ db }) => playlists.countPlaylistWorks(db, PLAYLIST),
    insertPlaylistWorks: ({ db }) =>
      playlists.insertPlaylistWorks(db, [{ playlist_id: PLAYLIST, work_id: 1001, added_at: NOW }]),
    deletePlaylistWorks: ({ db }) => playlists.deletePlaylistWorks(db, PLAYLIST, [1001]),
    touchPlaylist: ({ db }) => playlists.touchPlaylist(db, PLAYLIST, NOW),
    updatePlaylist: ({ db }) => playlists.updatePlaylist(db, PLAYLIST, { name: 'Sleep', privacy: 2 }, NOW),
    deletePlaylistRows: ({ db }) => playlists.deletePlaylistRows(db, PLAYLIST),
    likeExists: ({ db }) => playlists.likeExists(db, PLAYLIST, 7),
    insertLike: ({ db }) => playlists.insertLike(db, PLAYLIST, 7, NOW),
    deleteLike: ({ db }) => playlists.deleteLike(db, PLAYLIST, 7),
    playlistListRow: ({ db }) => playlists.playlistListRow(db, PLAYLIST, 7),
    countPlaylists: ({ db }) => playlists.countPlaylists(db, 7, 'all'),
    playlistsPage: ({ db }) => playlists.playlistsPage(db, 7, 'liked', 20, 0),
    latestWorksOf: ({ db }) => playlists.latestWorksOf(db, [PLAYLIST]),
    systemPlaylistId: ({ db }) => playlists.systemPlaylistId(db, 7, 'marked'),
    countOwnPlaylists: ({ db }) => playlists.countOwnPlaylists(db, 7),
    ownPlaylistsWithWork: ({ db }) => playlists.ownPlaylistsWithWork(db, 7, 1001, 12, 0),
  },
  files: {
    filesOfWork: ({ db }) => files.filesOfWork(db, 1001),
    fileWithLinked: ({ db }) => files.fileWithLinked(db, 1001, 55),
    mediaFileRow: ({ db }) => files.mediaFileRow(db, 55, 1001),
    mediaFilesOfWork: ({ db }) => files.mediaFilesOfWork(db, 1001),
  },
  works: {
    workExists: ({ db }) => works.workExists(db, 1001),
    lockWorkRow: ({ db, dialect }) => works.lockWorkRow(db, dialect, 1001),
    updateWorkRating: ({ db }) =>
      works.updateWorkRating(db, 1001, {
        site_rate_count: 2,
        site_rate_average_2dp: 4.5,
        site_rate_count_detail: '[0,0,0,1,1]',
        review_count: 1,
      }),
    findWorkRef: ({ db }) => works.findWorkRef(db, 1001),
    findWorkCover: ({ db }) => works.findWorkCover(db, 1001),
    workCodesAmong: ({ db }) => works.workCodesAmong(db, [1001, 100001001]),
  },
  entities: {
    circleCounts: ({ db }) => entities.circleCounts(db),
    vaCounts: ({ db }) => entities.vaCounts(db),
    tagCounts: ({ db }) => entities.tagCounts(db),
    findVa: ({ db }) => entities.findVa(db, 'a1b2'),
    findCircle: ({ db }) => entities.findCircle(db, 3),
    findTag: ({ db }) => entities.findTag(db, 4),
  },
  catalogue: {
    workRowsByIds: ({ db }) => catalogue.workRowsByIds(db, [1001, 1002]),
    circlesByIds: ({ db }) => catalogue.circlesByIds(db, [3]),
    vasOfWorks: ({ db }) => catalogue.vasOfWorks(db, [1001, 1002]),
    tagsOfWorks: ({ db }) => catalogue.tagsOfWorks(db, [1001, 1002]),
    worksByCodes: ({ db }) => catalogue.worksByCodes(db, ['RJ01001', 'RJ01002']),
    viewerVotes: ({ db }) => catalogue.viewerVotes(db, 7, [1001, 1002]),
    viewerReviews: ({ db }) => catalogue.viewerReviews(db, 7, [1001, 1002]),
    viewerMemberships: ({ db }) => catalogue.viewerMemberships(db, 7, [PLAYLIST], [1001, 1002]),
    generationQuery: ({ db }) => workLists.runCompiled(db, catalogue.generationQuery(db)),
  },
  workLists: {
    'library page (release, newest first)': ({ db }) => {
      const base = workLists.filteredWorks(db, {}, { page: [], count: [] });
      const order = { order: 'release', sort: 'desc', userId: null } as const;
      return Promise.all([
        workLists.runCompiled(db, workLists.countQuery(base.count)),
        workLists.runCompiled(db, workLists.pageIdsQuery(base.page, order, 20, 20)),
      ]);
    },
    'search page (tag and text, subtitled, own rating)': async (t) => {
      const search = await compileSearchTerms(parseKeyword('$tag:asmr$ rain'), asDb(t));
      const base = workLists.filteredWorks(t.db, { subtitle: true, localSubtitledWorks: [1001] }, search);
      const order = { order: 'rating', sort: 'desc', userId: 7 } as const;
      return Promise.all([
        workLists.runCompiled(t.db, workLists.countQuery(base.count)),
        workLists.runCompiled(t.db, workLists.pageIdsQuery(base.page, order, 20, 0)),
      ]);
    },
    'playlist works (newest addition first)': ({ db }) => {
      const scope = { kind: 'playlist', playlistId: PLAYLIST, byAddition: true } as const;
      const base = workLists.filteredWorks(db, { scope }, { page: [], count: [] });
      return workLists.runCompiled(db, workLists.pageIdsQuery(base.page, { scope, userId: 7 }, 20, 0));
    },
    'reviewed works (one progress, by update)': ({ db }) => {
      const scope = { kind: 'reviews', userId: 7, progress: 'listening', byUpdate: true } as const;
      const base = workLists.filteredWorks(db, { scope }, { page: [], count: [] });
      return workLists.runCompiled(db, workLists.pageIdsQuery(base.page, { scope, userId: 7 }, 20, 0));
    },
    'tag works, translations hidden, random order': ({ db }) => {
      const scope = { kind: 'entity', entity: 'tags', id: 4 } as const;
      const base = workLists.filteredWorks(
        db,
        { scope, includeTranslationWorks: false },
        { page: [], count: [] },
      );
      const order = { order: 'random', seed: 42, sort: 'asc', userId: null } as const;
      return workLists.runCompiled(db, workLists.pageIdsQuery(base.page, order, 20, 0));
    },
    'given ids kept in order': ({ db }) =>
      workLists.matchingIds(
        workLists.filteredWorks(db, { workIds: [5, 3, 9] }, { page: [], count: [] }).count,
      ),
  },
  recommender: {
    insertEvent: ({ db }) =>
      recommender.insertEvent(db, {
        subject: PLAYLIST,
        user_id: 7,
        work_id: 1001,
        type: 'play',
        weight: 1,
        created_at: NOW,
      }),
    dailyEventWeights: ({ db }) => recommender.dailyEventWeights(db, NOW, 86_400_000),
    dailyReviews: ({ db }) => recommender.dailyReviews(db, NOW, 86_400_000),
    dailyPlaylistAdds: ({ db }) => recommender.dailyPlaylistAdds(db, NOW, 86_400_000),
    bestKnownWorks: ({ db }) => recommender.bestKnownWorks(db, 100),
    featureRows: ({ db }) => recommender.featureRows(db, [1001, 1002]),
    tagWorkCounts: ({ db }) => recommender.tagWorkCounts(db, [3, 4]),
    worksOfVas: ({ db }) => recommender.worksOfVas(db, ['a1b2'], 20_000),
    worksOfCircles: ({ db }) => recommender.worksOfCircles(db, [3], 20_000),
    countWorks: ({ db }) => recommender.countWorks(db),
    worksByTagWeight: ({ db }) =>
      recommender.worksByTagWeight(
        db,
        [3, 4],
        new Map([
          [3, 1.5],
          [4, 0.25],
        ]),
        2000,
      ),
    subjectsOfWorks: ({ db }) => recommender.subjectsOfWorks(db, [1001], [PLAYLIST], 1000),
    worksOfSubjects: ({ db }) => recommender.worksOfSubjects(db, [PLAYLIST], [1001]),
    recommenderUuidOf: ({ db }) => recommender.recommenderUuidOf(db, 7),
    eventsOf: ({ db }) => recommender.eventsOf(db, [PLAYLIST], 7, 2000),
    reviewHistory: ({ db }) => recommender.reviewHistory(db, 7),
    playlistAddHistory: ({ db }) => recommender.playlistAddHistory(db, 7),
  },
};

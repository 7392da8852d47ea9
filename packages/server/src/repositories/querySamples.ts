/**
 * One representative call of every repository query, by repository (renderQueries.ts renders
 * them). A query added to a repository gets its sample here, so its SQL is reviewed with it.
 */
import { compileTerm, parseKeyword, type SearchFilter } from '@sasayaki/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import * as appPasswords from './appPasswords.ts';
import * as audit from './audit.ts';
import * as bookmarks from './bookmarks.ts';
import * as catalogue from './catalogue.ts';
import * as entities from './entities.ts';
import * as feedback from './feedback.ts';
import * as files from './files.ts';
import * as invitations from './invitations.ts';
import * as libraryRoots from './libraryRoots.ts';
import * as limits from './limits.ts';
import * as listening from './listening.ts';
import * as playlists from './playlists.ts';
import * as recommender from './recommender.ts';
import * as reviews from './reviews.ts';
import * as scan from './scan.ts';
import * as scanRuns from './scanRuns.ts';
import { compileSearchFilters } from './searchSql.ts';
import * as sessions from './sessions.ts';
import * as settings from './settings.ts';
import * as signals from './signals.ts';
import * as siteHealth from './siteHealth.ts';
import * as users from './users.ts';
import * as verifications from './verifications.ts';
import * as votes from './votes.ts';
import * as workLists from './workLists.ts';
import * as works from './works.ts';

type Sample = (t: { db: Kysely<Database>; dialect: Dialect }) => Promise<unknown>;

const NOW = 1_700_000_000_000;
const PLAYLIST = '00000000-0000-4000-8000-000000000001';

/** The filters of a keyword's terms (what services/catalogue/searchTerms.ts searchFiltersOf hands the compiler). */
const searchFilters = (keyword: string): SearchFilter[] =>
  parseKeyword(keyword).flatMap((term) => {
    const compiled = compileTerm(term);
    return compiled.ok && compiled.filter ? [compiled.filter] : [];
  });

export const QUERY_SAMPLES: Record<string, Record<string, Sample>> = {
  invitations: {
    insertInvitation: ({ db }) =>
      invitations.insertInvitation(db, {
        code_hash: 'ab'.repeat(32),
        note: 'for a friend',
        created_by: 'admin',
        created_at: NOW,
        expires_at: NOW + 7 * 86_400_000,
      }),
    recentInvitations: ({ db }) => invitations.recentInvitations(db, 200),
    findInvitationByHash: ({ db }) => invitations.findInvitationByHash(db, 'ab'.repeat(32)),
    revokeInvitation: ({ db }) => invitations.revokeInvitation(db, 1, NOW),
    claimInvitation: ({ db }) => invitations.claimInvitation(db, 'ab'.repeat(32), 'friend', NOW),
  },
  libraryRoots: {
    allLibraryRoots: ({ db }) => libraryRoots.allLibraryRoots(db),
    findLibraryRoot: ({ db }) => libraryRoots.findLibraryRoot(db, 1000),
    maxLibraryRootId: ({ db }) => libraryRoots.maxLibraryRootId(db),
    insertLibraryRoot: ({ db }) =>
      libraryRoots.insertLibraryRoot(db, { id: 1000, path: '/srv/asmr', name: 'asmr', created_at: NOW }),
    renameLibraryRoot: ({ db }) => libraryRoots.renameLibraryRoot(db, 1000, 'Drama CDs'),
    deleteLibraryRoot: ({ db }) => libraryRoots.deleteLibraryRoot(db, 1000),
    worksPerRoot: ({ db }) => libraryRoots.worksPerRoot(db),
  },
  scanRuns: {
    insertScanRun: ({ db }) =>
      scanRuns.insertScanRun(db, {
        kind: 'quick',
        started_by: 'console',
        status: 'running',
        started_at: NOW,
        updated_at: NOW,
        phase: 'discover',
      }),
    updateScanRun: ({ db }) => scanRuns.updateScanRun(db, 7, { works_done: 10, updated_at: NOW }),
    findScanRun: ({ db }) => scanRuns.findScanRun(db, 7),
    recentScanRuns: ({ db }) => scanRuns.recentScanRuns(db, 21),
    failStaleScanRuns: ({ db }) => scanRuns.failStaleScanRuns(db, NOW - 30_000, NOW),
    pruneScanRuns: ({ db }) => scanRuns.pruneScanRuns(db, 20),
    insertReportItems: ({ db }) =>
      scanRuns.insertReportItems(db, [
        {
          scan_id: 7,
          kind: 'skipped',
          reason: 'empty-file',
          path: '/srv/a/x.txt',
          detail: 'empty file skipped',
        },
      ]),
    reportItemsPage: ({ db }) =>
      scanRuns.reportItemsPage(db, { scanId: 7, kind: 'skipped', text: 'wav' }, 50, 0),
    countReportItems: ({ db }) => scanRuns.countReportItems(db, { scanId: 7, text: '50%_off' }),
    reportCounts: ({ db }) => scanRuns.reportCounts(db, 7),
    lockScanClaims: ({ db }) => scanRuns.lockScanClaims(db),
    freshRunningScan: ({ db }) => scanRuns.freshRunningScan(db, NOW - 30_000),
  },
  signals: {
    notifyInstances: ({ db }) => signals.notifyInstances(db, 'settings'),
  },
  appPasswords: {
    insertAppPassword: ({ db }) =>
      appPasswords.insertAppPassword(db, {
        user_id: 7,
        name: 'Phone',
        secret_enc: 'iv.tag.data',
        secret_hash: 'ab12',
        created_at: NOW,
      }),
    appPasswordsOfUser: ({ db }) => appPasswords.appPasswordsOfUser(db, 7),
    countAppPasswords: ({ db }) => appPasswords.countAppPasswords(db, 7),
    appPasswordByHash: ({ db }) => appPasswords.appPasswordByHash(db, 'ab12'),
    deleteAppPassword: ({ db }) => appPasswords.deleteAppPassword(db, 7, 3),
    touchAppPassword: ({ db }) => appPasswords.touchAppPassword(db, 3, NOW),
  },
  settings: {
    storedSettings: ({ db }) => settings.storedSettings(db, ['registration_enabled', 'maintenance']),
    deleteSetting: ({ db }) => settings.deleteSetting(db, 'maintenance'),
    insertSetting: ({ db }) => settings.insertSetting(db, 'maintenance', '<p>back soon</p>'),
    settingOrInsert: ({ db }) => settings.settingOrInsert(db, 'jwt_secret', 'secret'),
  },
  sessions: {
    insertSession: ({ db }) =>
      sessions.insertSession(db, {
        id: 'c0ffee',
        user_id: 7,
        token_version: 0,
        created_at: NOW,
        last_seen_at: NOW,
        expires_at: NOW + 1000,
        client: 'Firefox 140 on Linux',
        address: '127.0.0.1',
      }),
    deleteEndedSessions: ({ db }) => sessions.deleteEndedSessions(db, NOW),
    trimSessions: ({ db }) => sessions.trimSessions(db, 7, 50),
    findSessionHolder: ({ db }) => sessions.findSessionHolder(db, 'c0ffee', 7, NOW),
    touchSession: ({ db }) => sessions.touchSession(db, 'c0ffee', '127.0.0.1', NOW, 60_000),
    sessionsOf: ({ db }) => sessions.sessionsOf(db, 7, NOW),
    deleteSession: ({ db }) => sessions.deleteSession(db, 7, 'c0ffee'),
    deleteSessionsOf: ({ db }) => sessions.deleteSessionsOf(db, 7, 'c0ffee'),
  },
  users: {
    findUserIdByNameOrKey: ({ db }) => users.findUserIdByNameOrKey(db, 'Alice', 'alice', 'alice'),
    anyAdministratorId: ({ db }) => users.anyAdministratorId(db),
    insertUser: ({ db }) =>
      users.insertUser(db, {
        name: 'Alice',
        name_key: 'alice',
        name_skeleton: 'alice',
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
    updatePasswordByName: ({ db }) => users.updatePasswordByName(db, 'Alice', '$argon2id$…', NOW),
    updatePasswordById: ({ db }) => users.updatePasswordById(db, 7, '$argon2id$…', NOW),
    updateEmail: ({ db }) => users.updateEmail(db, 7, 'alice@example.com', NOW),
    deleteUserByName: ({ db }) => users.deleteUserByName(db, 'Alice'),
    deleteUserById: ({ db }) => users.deleteUserById(db, 7),
    allUsers: ({ db }) => users.allUsers(db),
    touchLastSeen: ({ db }) => users.touchLastSeen(db, 7, NOW, 60_000),
    updateDisabled: ({ db }) => users.updateDisabled(db, 7, NOW, NOW),
    updateGroupById: ({ db }) => users.updateGroupById(db, 7, 'administrator', NOW),
    lockActiveAdministrators: ({ db, dialect }) => users.lockActiveAdministrators(db, dialect),
    consoleAccountsPage: ({ db }) => users.consoleAccountsPage(db, 'ali', 20, 40),
    countConsoleAccounts: ({ db }) => users.countConsoleAccounts(db, 'ali'),
    ownedRowCounts: ({ db }) => users.ownedRowCounts(db, 7),
  },
  audit: {
    insertAuditEntry: ({ db }) =>
      audit.insertAuditEntry(db, {
        at: NOW,
        actor_id: 1,
        actor_name: 'admin',
        action: 'account.group',
        target: 'Alice',
        details: '{"group":"administrator"}',
      }),
    auditPage: ({ db }) => audit.auditPage(db, { actor: 'admin', action: 'account.group' }, 20, 40),
    countAudit: ({ db }) => audit.countAudit(db, { actor: 'admin' }),
    auditActions: ({ db }) => audit.auditActions(db),
  },
  siteHealth: {
    databaseBytes: ({ db, dialect }) => siteHealth.databaseBytes(db, dialect),
    appliedMigrations: ({ db }) => siteHealth.appliedMigrations(db),
    libraryTotals: ({ db }) => siteHealth.libraryTotals(db),
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
    countPublicReviews: ({ db }) => reviews.countPublicReviews(db, 1001, 7),
    publicReviewsPage: ({ db }) => reviews.publicReviewsPage(db, 1001, 7, 20, 40),
    moderationReviewsPage: ({ db }) => reviews.moderationReviewsPage(db, 'spoiler', false, 20, 40),
    countModerationReviews: ({ db }) => reviews.countModerationReviews(db, 'spoiler', true),
    updateReviewHidden: ({ db }) => reviews.updateReviewHidden(db, 7, 1001, NOW),
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
    deleteWorkTag: ({ db }) => votes.deleteWorkTag(db, 1001, 3),
    insertTagRemoval: ({ db }) => votes.insertTagRemoval(db, 1001, 3, NOW),
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
    additionsAmong: ({ db }) => playlists.additionsAmong(db, PLAYLIST, [1001, 1002]),
    playlistSongTotals: ({ db }) => playlists.playlistSongTotals(db, [PLAYLIST]),
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
    insertSystemPlaylist: ({ db }) =>
      playlists.insertSystemPlaylist(db, {
        id: PLAYLIST,
        user_id: 7,
        name: '__SYS_PLAYLIST_LIKED',
        privacy: 0,
        system_kind: 'liked',
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
    countPlaylists: ({ db }) => playlists.countPlaylists(db, 7, { filterBy: 'all' }),
    playlistsPage: ({ db }) => playlists.playlistsPage(db, 7, { filterBy: 'liked' }, 20, 0),
    'playlistsPage (discover)': ({ db }) =>
      playlists.playlistsPage(db, null, { filterBy: 'public', text: 'sleep', order: 'likes' }, 20, 0),
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
    audioCounts: ({ db }) => files.audioCounts(db, [1001, 1002]),
    workOfAudioFile: ({ db }) => files.workOfAudioFile(db, 55),
    audioFilesLike: ({ db }) => files.audioFilesLike(db, 'track 01', 50),
  },
  works: {
    workExists: ({ db }) => works.workExists(db, 1001),
    allWorkIds: ({ db }) => works.allWorkIds(db),
    idsFromRandomKey: ({ db }) => works.idsFromRandomKey(db, 1_234_567, 20, 0),
    lockWorkRow: ({ db, dialect }) => works.lockWorkRow(db, dialect, 1001),
    updateWorkRating: ({ db }) =>
      works.updateWorkRating(db, 1001, {
        site_rate_count: 2,
        site_rate_average_2dp: 4.5,
        site_rate_count_detail: '[0,0,0,1,1]',
      }),
    findWorkRef: ({ db }) => works.findWorkRef(db, 1001),
    findWorkCover: ({ db }) => works.findWorkCover(db, 1001),
    workCodesAmong: ({ db }) => works.workCodesAmong(db, [1001, 100001001]),
  },
  entities: {
    tagSongCounts: ({ db }) => entities.tagSongCounts(db),
    circlesNamed: ({ db }) => entities.circlesNamed(db, 'sound', 20, 0),
    vasNamed: ({ db }) => entities.vasNamed(db, 'yui', 20, 0),
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
    changesSince: ({ db }) => catalogue.changesSince(db, 41),
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
      const search = await compileSearchFilters(searchFilters('$tag:asmr$ rain'), t.db, t.dialect);
      const base = workLists.filteredWorks(t.db, { subtitle: true, localSubtitledWorks: [1001] }, search);
      const order = { order: 'rating', sort: 'desc', userId: 7 } as const;
      return Promise.all([
        workLists.runCompiled(t.db, workLists.countQuery(base.count)),
        workLists.runCompiled(t.db, workLists.pageIdsQuery(base.page, order, 20, 0)),
      ]);
    },
    'search page (two CJK characters)': async (t) => {
      const search = await compileSearchFilters(searchFilters('膝枕'), t.db, t.dialect);
      const base = workLists.filteredWorks(t.db, {}, search);
      const order = { order: 'release', sort: 'desc', userId: null } as const;
      return workLists.runCompiled(t.db, workLists.pageIdsQuery(base.page, order, 20, 0));
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
    'one library root, released 2020–2021, by circle name': ({ db }) => {
      const filter = { rootIndex: 0, releaseYears: { from: 2020, to: 2021 } };
      const base = workLists.filteredWorks(db, filter, { page: [], count: [] });
      const order = { order: 'circle', sort: 'asc', userId: null } as const;
      return workLists.runCompiled(db, workLists.pageIdsQuery(base.page, order, 20, 0));
    },
    'by title': ({ db }) => {
      const base = workLists.filteredWorks(db, {}, { page: [], count: [] });
      const order = { order: 'title', sort: 'asc', userId: null } as const;
      return workLists.runCompiled(db, workLists.pageIdsQuery(base.page, order, 20, 40));
    },
    'given ids kept in order': ({ db }) =>
      workLists.matchingIds(
        workLists.filteredWorks(db, { workIds: [5, 3, 9] }, { page: [], count: [] }).count,
      ),
  },
  recommender: {
    playedWorksOfUser: ({ db }) => recommender.playedWorksOfUser(db, 7, 'recent', 50),
    insertEvent: ({ db }) =>
      recommender.insertEvent(db, {
        subject: PLAYLIST,
        user_id: 7,
        work_id: 1001,
        type: 'play',
        weight: 1,
        created_at: NOW,
        viewer: 'u:7',
      }),
    deleteEventsBefore: ({ db }) => recommender.deleteEventsBefore(db, NOW),
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
  listening: {
    audioFilesAmong: ({ db }) => listening.audioFilesAmong(db, [2001, 2002]),
    upsertPositions: ({ db }) =>
      listening.upsertPositions(db, [
        {
          user_id: 7,
          work_id: 1001,
          file_id: 2001,
          position: 66.5,
          duration: 600,
          device: 'Desk',
          updated_at: NOW,
        },
      ]),
    positionsOfWork: ({ db }) => listening.positionsOfWork(db, 7, 1001),
    positionsOfFiles: ({ db }) => listening.positionsOfFiles(db, 7, [2001, 2002]),
    deletePositions: ({ db }) => listening.deletePositions(db, 7, { workId: 1001 }),
    upsertHistory: ({ db }) =>
      listening.upsertHistory(db, [
        { user_id: 7, work_id: 1001, file_id: 2001, position: 66.5, duration: 600, played_at: NOW },
      ]),
    deleteHistory: ({ db }) => listening.deleteHistory(db, 7, { fileId: 2001 }),
    historyWorksPage: ({ db }) => listening.historyWorksPage(db, 7, 20, 0),
    countHistoryWorks: ({ db }) => listening.countHistoryWorks(db, 7),
    historyTracksOfWorks: ({ db }) => listening.historyTracksOfWorks(db, 7, [1001, 1002]),
    recentUnfinished: ({ db }) => listening.recentUnfinished(db, 7, 5, 60),
    findQueue: ({ db }) => listening.findQueue(db, 7),
    upsertQueue: ({ db }) =>
      listening.upsertQueue(db, {
        user_id: 7,
        tracks: '["1001/2001"]',
        current_index: 0,
        position: 12,
        device: 'Desk',
        device_id: 'd1',
        updated_at: NOW,
      }),
    findListeningSettings: ({ db }) => listening.findListeningSettings(db, 7),
    upsertListeningSettings: ({ db }) =>
      listening.upsertListeningSettings(db, { user_id: 7, record_history: 0, updated_at: NOW }),
  },
  bookmarks: {
    bookmarksOf: ({ db }) => bookmarks.bookmarksOf(db, 7, { workId: 1001 }),
    findBookmark: ({ db }) => bookmarks.findBookmark(db, 7, 3),
    countBookmarks: ({ db }) => bookmarks.countBookmarks(db, 7),
    insertBookmark: ({ db }) =>
      bookmarks.insertBookmark(db, {
        user_id: 7,
        work_id: 1001,
        file_id: 2001,
        position: 95.5,
        note: 'the rain starts',
        created_at: NOW,
        updated_at: NOW,
      }),
    updateBookmark: ({ db }) => bookmarks.updateBookmark(db, 7, 3, { note: 'thunder', updated_at: NOW }),
    deleteBookmark: ({ db }) => bookmarks.deleteBookmark(db, 7, 3),
  },
  scan: {
    knownWorks: ({ db }) => scan.knownWorks(db),
    removedTagLinks: ({ db }) => scan.removedTagLinks(db, [1001, 1002]),
    fileFactsOfWork: ({ db }) => scan.fileFactsOfWork(db, 1001),
    countFiles: ({ db }) => scan.countFiles(db),
    lockScans: ({ db }) => scan.lockScans(db),
    unlockScans: ({ db }) => scan.unlockScans(db),
    startScanTransaction: ({ db, dialect }) => scan.startScanTransaction(db, dialect),
    hasWork: ({ db }) => scan.hasWork(db, 1001),
    insertWorkRows: ({ db }) =>
      scan.insertWorkRows(db, [
        {
          id: 1001,
          source_id: 'RJ01001',
          title: 'Rain',
          root_index: 0,
          folder_path: 'RJ01001',
          create_date: '2024-01-01',
          random_key: 17,
          updated_at: NOW,
        },
      ]),
    updateWorkRow: ({ db }) =>
      scan.updateWorkRow(db, 1001, { title: 'Rain', scan_signature: 'sig', updated_at: NOW }),
    deleteWorksWithLinks: ({ db }) => scan.deleteWorksWithLinks(db, [1001, 1002]),
    deleteWorkVas: ({ db }) => scan.deleteWorkVas(db, 1001),
    insertWorkVas: ({ db }) => scan.insertWorkVas(db, [{ work_id: 1001, va_id: PLAYLIST, position: 0 }]),
    metadataTagIds: ({ db }) => scan.metadataTagIds(db, 1001),
    deleteMetadataTagLinks: ({ db }) => scan.deleteMetadataTagLinks(db, 1001, [3, 4]),
    insertTagLinks: ({ db }) =>
      scan.insertTagLinks(db, [
        { work_id: 1001, tag_id: 3, origin: 'metadata', vote_status: 1, created_at: NOW },
      ]),
    insertTagLinksKeepingExisting: ({ db }) =>
      scan.insertTagLinks(
        db,
        [{ work_id: 1001, tag_id: 3, origin: 'metadata', vote_status: 1, created_at: NOW }],
        true,
      ),
    filesOfWork: ({ db }) => scan.filesOfWork(db, 1001),
    deleteFiles: ({ db }) => scan.deleteFiles(db, [11, 12]),
    insertFiles: ({ db }) =>
      scan.insertFiles(db, [
        {
          work_id: 1001,
          path: '01.mp3',
          type: 'audio',
          size: 1000,
          mtime: NOW,
          duration: 60,
          charset: null,
          audio_file_id: null,
        },
      ]),
    updateFileFacts: ({ db }) =>
      scan.updateFileFacts(db, 11, { type: 'audio', size: 1000, mtime: NOW, duration: 60, charset: null }),
    setAudioLink: ({ db }) => scan.setAudioLink(db, 12, 11),
    upsertCircles: ({ db }) => scan.upsertCircles(db, [{ id: 3, name: 'Circle', source_id: 'RG01' }]),
    circlesNamed: ({ db }) => scan.circlesNamed(db, ['Circle']),
    standInCircles: ({ db }) => scan.standInCircles(db, ['Circle'], 1_000_000_000),
    moveWorksToCircle: ({ db }) => scan.moveWorksToCircle(db, 3, [1_000_000_001]),
    deleteCircles: ({ db }) => scan.deleteCircles(db, [1_000_000_001]),
    insertVas: ({ db }) => scan.insertVas(db, [{ id: PLAYLIST, name: 'Voice' }]),
    tagsNamed: ({ db }) => scan.tagsNamed(db, ['rain']),
    tagsWithIds: ({ db }) => scan.tagsWithIds(db, [3, 4]),
    tagNameOf: ({ db }) => scan.tagNameOf(db, 3),
    insertTags: ({ db }) =>
      scan.insertTags(db, [
        {
          id: 3,
          name: 'rain',
          name_en: 'rain',
          name_ja: null,
          name_zh: null,
          censored_en: null,
          censored_ja: null,
          censored_zh: null,
        },
      ]),
    updateTag: ({ db }) => scan.updateTag(db, 3, { name_en: 'rain' }),
  },
  limits: {
    claimSlot: ({ db }) => limits.claimSlot(db, 'guest\n7', 60, 60_000, NOW),
    releaseSlot: ({ db }) => limits.releaseSlot(db, 'login-address\n127.0.0.1', 5),
    claimBackoff: ({ db }) =>
      limits.claimBackoff(
        db,
        'login-name\nalice',
        { windowMs: 900_000, after: 5, maxWaitMs: 60_000, firstWaitMs: 0 },
        NOW,
        false,
      ),
    markKey: ({ db }) => limits.markKey(db, 'login-known\nalice', NOW),
    liveCounter: ({ db }) => limits.liveCounter(db, 'login-address\n127.0.0.1', NOW),
    deleteKey: ({ db }) => limits.deleteKey(db, 'login-address\n127.0.0.1'),
    sweepCounters: ({ db }) => limits.sweepCounters(db, NOW),
  },
};

/**
 * Every react-query key of the web app, named once. A family's `all` is the prefix that
 * invalidates every query of the family (react-query matches keys by prefix); its functions build
 * the keys of single queries. Screens never spell a key inline.
 */

const family = <const P extends readonly unknown[]>(...prefix: P) => prefix;

export const queryKeys = {
  // The catalogue and the work page.
  works: {
    all: family('works'),
    list: (params: unknown) => ['works', params] as const,
  },
  entities: (list: string) => ['entities', list] as const,
  work: {
    all: family('work'),
    one: (id: number | null, userName: string | undefined) => ['work', id, userName] as const,
  },
  workInfo: {
    all: family('workInfo'),
    one: (id: number | null) => ['workInfo', id] as const,
  },
  tracks: (id: number | null) => ['tracks', id] as const,
  similar: {
    all: family('similar'),
    of: (id: number | null, withPlaylistStatus: unknown) => ['similar', id, withPlaylistStatus] as const,
  },
  workReviews: {
    all: family('work-reviews'),
    page: (workId: number, page: number, loggedIn: boolean) =>
      ['work-reviews', workId, page, loggedIn] as const,
  },
  /** The favourites page: the signed-in listener's reviews and marks. */
  reviews: {
    all: family('reviews'),
    page: (filter: string, page: number, pageSize: number) => ['reviews', filter, page, pageSize] as const,
  },

  // Playlists.
  playlists: {
    all: family('playlists'),
    page: (filterBy: string, page: number) => ['playlists', filterBy, page] as const,
  },
  playlistsWithWork: {
    all: family('playlists-with-work'),
    page: (workId: number, page: number) => ['playlists-with-work', workId, page] as const,
  },
  playlistMeta: {
    all: family('playlist-meta'),
    of: (id: string) => ['playlist-meta', id] as const,
    forViewer: (id: string, viewer: unknown) => ['playlist-meta', id, viewer] as const,
  },
  playlistWorks: {
    all: family('playlist-works'),
    of: (id: string) => ['playlist-works', id] as const,
    page: (id: string, page: number, pageSize: number, withPlaylistStatus: unknown) =>
      ['playlist-works', id, page, pageSize, withPlaylistStatus] as const,
  },

  // The listener's own state.
  history: {
    all: family('history'),
    page: (page: number) => ['history', page] as const,
    continue: family('history', 'continue'),
  },
  listeningSettings: family('listeningSettings'),
  bookmarks: {
    all: family('bookmarks'),
    track: (hash: string | undefined) => ['bookmarks', 'track', hash] as const,
    work: (workId: number | null) => ['bookmarks', 'work', workId] as const,
  },
  appPasswords: family('app-passwords'),
  sessions: family('sessions'),

  // The administrator's console. A list's pages are `[...family, 'list', request]`
  // (features/admin/kit/useConsoleList.ts), so invalidating the family re-reads every page.
  console: {
    accounts: {
      all: family('console', 'accounts'),
      guest: family('console', 'accounts', 'guest'),
    },
    impact: (accountId: number) => ['console', 'impact', accountId] as const,
    sessions: (accountId: number) => ['console', 'sessions', accountId] as const,
    audit: family('console', 'audit'),
    health: family('console', 'health'),
    backups: family('console', 'backups'),
    settings: family('console', 'settings'),
    invitations: family('console', 'invitations'),
    subtitles: family('console', 'subtitles'),
    reviews: family('console', 'reviews'),
    workTags: {
      all: family('console', 'work-tags'),
      of: (workId: string | null) => ['console', 'work-tags', workId] as const,
    },
    feedback: family('console', 'feedback'),
    roots: family('console', 'roots'),
    scans: family('console', 'scans'),
    scanReport: (id: number) => ['console', 'scan-report', id] as const,
    folders: (path: string) => ['console', 'folders', path] as const,
  },
} as const;

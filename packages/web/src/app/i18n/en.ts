import type { Messages } from '../../shared/i18n/types.ts';

export const messages: Messages = {
  app: {
    title: 'Sasayaki',
    menu: 'Menu',
    back: 'Back',
    goTop: 'Back to top',
    nav: {
      library: 'Library',
      favourites: 'My favourites',
      history: 'History',
      playlists: 'Playlists',
      circles: 'Circles',
      tags: 'Tags',
      vas: 'Voice actors',
      randomPlay: 'Random play',
      sleepMode: 'Sleep mode',
      about: 'About',
      settings: 'Settings',
      console: 'Console',
    },
    darkMode: {
      enabled: 'Dark mode: on',
      disabled: 'Dark mode: off',
      system: 'Dark mode: follow system',
    },
    language: 'Language',
    randomPlayFailed: 'No work with audio was found to play',
    notFound: {
      title: 'Page not found',
      text: 'There is nothing at this address.',
      home: 'Back to the library',
    },
    about: {
      title: 'About Sasayaki',
      text: 'Sasayaki lets you listen online to the doujin voice works (ASMR and voice drama) of a library, free of charge: browse, search by tag, circle and voice actor, play with subtitles, rate, review and build playlists.',
      version: 'Version {{version}}',
      bounty: 'Security reports are welcome: a bug bounty of up to 2000 USD per vulnerability is offered.',
    },
    debug: {
      title: 'Debug information',
    },
    maintenance: {
      title: 'Under maintenance',
      forceEnter: 'Force enter',
    },
    pageError: {
      title: 'This page could not be shown',
      newVersion: 'A new version of Sasayaki is available',
      newVersionHint:
        'This page belongs to the new version. Reload to use it: nothing is lost, your play queue and the position in the current track come back after the reload (paused).',
      reload: 'Reload',
    },
    connection: {
      lost: 'Connection lost — reconnecting in {{seconds}}s',
      offline: 'You are offline — reconnecting in {{seconds}}s',
      checking: 'Connection lost — reconnecting…',
      offlineChecking: 'You are offline — reconnecting…',
      retryNow: 'Retry now',
    },
  },
};

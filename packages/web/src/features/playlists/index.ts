/** The playlist screens; the list of the user's playlists also shows in My favourites. */
export { PlaylistsList } from './PlaylistsPage.tsx';

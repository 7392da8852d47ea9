/** The work page is a screen of its own (loaded by the route table); its track-tree rule for "play all" is shared. */
export { audioFilesOf } from './tree.ts';

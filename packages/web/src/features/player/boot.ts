/**
 * What the shell asks of the player before its code is loaded (app/PlayerSlots.tsx): a few bytes
 * kept out of the player chunk.
 */
export { hasSavedQueue } from './queueStorage.ts';

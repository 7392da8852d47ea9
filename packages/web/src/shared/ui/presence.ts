import { create } from 'zustand';

/**
 * Features loaded on demand say here that they have been loaded, so the shell shows their parts
 * only then: the player's bars exist once something has imported the player (the work page, the
 * drawer, random play), and until then the works page does not download the audio engine.
 */
export const usePresence = create<{ player: boolean }>(() => ({ player: false }));

export const announcePlayer = (): void => usePresence.setState({ player: true });

/**
 * When the audio element loses the server (a network error mid-track, or a reload that got no
 * answer), the track is loaded again from where it stopped, waiting 1, 2, 4 … 30 s between tries
 * (shared/api/backoff.ts) and at once when the connection monitor sees the server back. What was
 * buffered keeps playing until then. A file the server answers but the browser cannot play is
 * not retried: that is the "cannot play" notice.
 */
import { backoffDelay } from '../../shared/api/backoff.ts';
import { reportNetworkFailure, useConnection } from '../../shared/api/connection.ts';

export interface MediaRetry {
  /** Handles the element's `error`; resolves false when it is not a network failure. */
  failed(wasPlaying: boolean): Promise<boolean>;
  /** Unbinds the listeners and cancels a waiting retry. */
  dispose(): void;
}

/** True when the media URL gets no answer at all (as opposed to an HTTP answer). */
async function unreachable(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    return false;
  } catch {
    return true;
  }
}

export function watchMediaErrors(audio: HTMLAudioElement): MediaRetry {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let resumeAt: number | null = null;
  let resumePlaying = false;
  let src = '';

  const reload = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!src || resumeAt === null) return;
    audio.src = src;
    if (resumePlaying) audio.play().catch(() => {});
  };

  const onMeta = () => {
    if (resumeAt === null || !src || audio.currentSrc !== src) return;
    audio.currentTime = resumeAt;
    resumeAt = null;
    attempt = 0;
  };
  const onSourceChange = () => {
    // another track was chosen meanwhile: nothing to resume
    if (audio.currentSrc && audio.currentSrc !== src) {
      clearTimeout(timer);
      timer = undefined;
      resumeAt = null;
      attempt = 0;
    }
  };
  audio.addEventListener('loadedmetadata', onMeta);
  audio.addEventListener('loadstart', onSourceChange);
  const unsubscribe = useConnection.subscribe((c) => {
    if (c.state === 'up' && timer !== undefined) reload();
  });

  return {
    async failed(wasPlaying) {
      const code = audio.error?.code;
      const url = audio.currentSrc || audio.src;
      if (!url) return false;
      const network =
        code === MediaError.MEDIA_ERR_NETWORK ||
        (code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED && (await unreachable(url)));
      if (!network) return false;
      if (resumeAt === null || url !== src) {
        // the first failure of this track: remember where it was
        src = url;
        resumeAt = audio.currentTime;
        resumePlaying = wasPlaying;
        attempt = 0;
      }
      reportNetworkFailure();
      clearTimeout(timer);
      timer = setTimeout(reload, backoffDelay(attempt));
      attempt++;
      return true;
    },
    dispose() {
      clearTimeout(timer);
      unsubscribe();
      audio.removeEventListener('loadedmetadata', onMeta);
      audio.removeEventListener('loadstart', onSourceChange);
    },
  };
}

import { useTranslation } from 'react-i18next';
import { useRef, useState, type SyntheticEvent } from 'react';
import { Music } from 'lucide-react';
import clsx from 'clsx';
import { Failure } from '../PreviewMessage';

export interface MediaViewerProps {
  kind: 'video' | 'audio';
  name: string;
  /** The file's preview address: the player reads the ranges it needs from it itself. */
  url: string;
  /** A fresh address, for when `url` stops serving (a preview link runs out after an hour). */
  renew(): Promise<string>;
  /** Fill the parent's height (the preview dialog) instead of sizing itself. */
  fill: boolean;
}

/**
 * However long a broken address takes to notice, it is renewed at most once in
 * this time: an address that fails again at once is not run out but broken,
 * and asking for more would only go round in circles.
 */
const RENEWAL_INTERVAL_MS = 60_000;

/** Where playback stood when the address stopped serving: the next one picks up from there. */
interface Position {
  time: number;
  playing: boolean;
}

type MediaEvent = SyntheticEvent<HTMLMediaElement>;

/**
 * The browser's own player for a video or audio file, streaming from its
 * preview address: never autoplaying, reading only the metadata until played.
 * When the address stops serving while the file plays (the hour of a preview
 * link is up, the network dropped), it goes on from a fresh one where it stood.
 * A file that never played (a codec the browser lacks, bytes that are no media)
 * says so instead.
 */
export function MediaViewer({ kind, name, url, renew, fill }: MediaViewerProps) {
  const { t } = useTranslation('files');
  const [src, setSrc] = useState(url);
  const [failure, setFailure] = useState<string | null>(null);
  /** The current address has served the file's metadata: an error now is the address or the network, not the file. */
  const loaded = useRef(false);
  const resumeAt = useRef<Position | null>(null);
  const lastRenewal = useRef(-Infinity);

  const onLoadedMetadata = ({ currentTarget: player }: MediaEvent) => {
    loaded.current = true;
    const position = resumeAt.current;
    resumeAt.current = null;
    if (!position) return;
    player.currentTime = position.time;
    // A browser may refuse to play without a fresh gesture; the user then presses play where it stands.
    if (position.playing) player.play().catch(() => undefined);
  };

  const onError = ({ currentTarget: player }: MediaEvent) => {
    const network = player.error?.code === MediaError.MEDIA_ERR_NETWORK;
    const now = Date.now();
    if (!loaded.current || now - lastRenewal.current < RENEWAL_INTERVAL_MS) {
      setFailure(network ? t('preview.failed') : t(kind === 'video' ? 'preview.videoUnplayable' : 'preview.audioUnplayable'));
      return;
    }
    loaded.current = false;
    lastRenewal.current = now;
    resumeAt.current = { time: player.currentTime, playing: !player.paused };
    renew().then(
      (next) => {
        // The same address (a share link's, its grant unchanged) is read again from the start; a new one is set as the source, which loads it.
        if (next === player.getAttribute('src')) player.load();
        else setSrc(next);
      },
      () => setFailure(t('preview.failed')),
    );
  };

  if (failure !== null) return <Failure fill={fill} message={failure} />;

  const player = {
    src,
    controls: true,
    preload: 'metadata',
    'aria-label': t('preview.of', { name }),
    onLoadedMetadata,
    onError,
    // Leaving the preview (another file, the dialog closed) stops the sound at once.
    ref: (element: HTMLMediaElement | null) => () => element?.pause(),
  } as const;

  if (kind === 'video') {
    return (
      <div className={clsx('flex items-center justify-center bg-black', fill && 'h-full')}>
        <video {...player} playsInline className={fill ? 'size-full object-contain' : 'max-h-[65dvh] w-full'} />
      </div>
    );
  }
  return (
    <div className={clsx('flex flex-col items-center justify-center gap-6 px-2 py-6 sm:px-6', fill ? 'h-full' : 'min-h-48')}>
      <span className="flex size-20 items-center justify-center rounded-full bg-accent-50 text-accent-700 ring-1 ring-accent-600/20 ring-inset">
        <Music aria-hidden="true" className="size-9" />
      </span>
      <audio {...player} className="w-full max-w-xl" />
    </div>
  );
}

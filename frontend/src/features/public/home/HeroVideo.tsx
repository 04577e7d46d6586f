import { PROMISES } from '@vitrine/domain';
import { useEffect, useRef, useState } from 'react';
import { useTheme } from '../../../lib/theme';
import { cn } from '../../../lib/cn';
import { Icon } from '../components/icons';
import { heroPosters } from '../components/images';
import { Picture } from '../components/Picture';
import { heroVideo } from '../config';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Resolves once the page has loaded and the main thread is idle: the video never competes with the first render. */
function afterInteractive(callback: () => void): () => void {
  let idle = 0;
  let timer = 0;
  const schedule = () => {
    if (window.requestIdleCallback) idle = window.requestIdleCallback(callback, { timeout: 3000 });
    else timer = window.setTimeout(callback, 1500);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle && window.cancelIdleCallback) window.cancelIdleCallback(idle);
    window.clearTimeout(timer);
  };
}

type FrameState = 'loading' | 'ready' | 'failed';

/**
 * The provider's player. Shown over the poster only once the player talks to us (postMessage from its origin);
 * an error or no sign of life within the timeout shows the failure notice over the poster.
 */
function VideoFrame({ src }: { src: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<FrameState>(originOf(src) ? 'loading' : 'failed');

  useEffect(() => {
    const origin = originOf(src);
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin === origin && event.source === ref.current?.contentWindow) {
        setState((s) => (s === 'loading' ? 'ready' : s));
      }
    };
    window.addEventListener('message', onMessage);
    const timer = window.setTimeout(() => setState((s) => (s === 'loading' ? 'failed' : s)), heroVideo.timeoutMs);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearTimeout(timer);
    };
  }, [src]);

  // Ask the player to introduce itself (Vimeo answers a ping, YouTube a 'listening' event).
  const onLoad = () => {
    const target = ref.current?.contentWindow;
    const origin = originOf(src);
    if (!target || !origin) return;
    target.postMessage(JSON.stringify({ method: 'ping' }), origin);
    target.postMessage(JSON.stringify({ event: 'listening', id: 'hero' }), origin);
  };

  return (
    <>
      {state !== 'failed' ? (
        <iframe
          ref={ref}
          src={src}
          title={`Vidéo de présentation : un site vitrine créé en ${PROMISES.delivery.short}`}
          allow="autoplay; fullscreen; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          tabIndex={-1}
          aria-hidden="true"
          onLoad={onLoad}
          onError={() => setState('failed')}
          className={cn(
            'pointer-events-none absolute inset-0 size-full border-0 transition-opacity duration-700',
            state === 'ready' ? 'opacity-100' : 'opacity-0',
          )}
        />
      ) : (
        <div
          role="status"
          className="absolute inset-x-3 bottom-3 flex items-center gap-3 rounded-xl border border-slate-200 bg-white/90 px-4 py-2.5 text-left shadow-sm backdrop-blur sm:inset-x-auto sm:right-4 sm:bottom-4 dark:border-slate-700 dark:bg-slate-900/90"
        >
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
            aria-hidden="true"
          >
            <Icon name="play" className="size-4" />
          </span>
          <span className="text-xs leading-snug">
            <span className="block font-semibold text-slate-800 dark:text-slate-100">Vidéo temporairement indisponible</span>
            <span className="block text-slate-600 dark:text-slate-400">Rechargez la page pour réessayer</span>
          </span>
        </div>
      )}
    </>
  );
}

/** What the two posters share (the one of each theme). */
const POSTER = {
  alt: "Aperçu d'un site vitrine livré par Vitrine : la page d'accueil d'une boulangerie, sur ordinateur et sur mobile",
  sizes: '(min-width: 1024px) 560px, (min-width: 640px) 90vw, 100vw',
  decoding: 'async',
  imgClassName: 'absolute inset-0 size-full object-cover',
} as const;

/** The hero's video, one per theme, over a poster that makes the hero complete on its own (offline, blocked, loading). */
export function HeroVideo() {
  const { theme } = useTheme();
  const [interactive, setInteractive] = useState(false);

  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return; // the poster alone, no autoplaying video
    return afterInteractive(() => setInteractive(true));
  }, []);

  const src = heroVideo[theme];
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-slate-100 shadow-2xl ring-1 shadow-brand-900/20 ring-slate-900/10 dark:bg-slate-900 dark:shadow-black/50 dark:ring-white/10">
      {/* Both posters, the theme's shown by its class on <html> (set before the first paint): a prerendered page is
          rendered in the light theme, and a dark visitor saw the light poster until the app had hydrated. The light
          one is the light theme's largest paint, fetched first; the dark one lazy, so a light visitor never loads it
          (an image not displayed is not loaded lazily). */}
      <Picture {...POSTER} image={heroPosters.light} fetchPriority="high" className="dark:hidden" />
      <Picture {...POSTER} image={heroPosters.dark} loading="lazy" className="hidden dark:block" />
      {interactive ? <VideoFrame key={src} src={src} /> : null}
    </div>
  );
}

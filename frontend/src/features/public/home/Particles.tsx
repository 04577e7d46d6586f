import { useEffect, useRef } from 'react';
import { useScrollState } from '../../../lib/use-scrolling';
import { isWeakDevice, particleCounts } from './particle-counts';

type Kind = 'dot' | 'glow' | 'ring';

interface Particle {
  kind: Kind;
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
  alpha: number;
  /** phase of the gentle pulse */
  phase: number;
}

const palette = {
  light: { dot: '79, 70, 229', glow: '99, 102, 241', ring: '14, 165, 233' },
  dark: { dot: '165, 180, 252', glow: '99, 102, 241', ring: '56, 189, 248' },
};

function random(min: number, max: number): number {
  return min + Math.random() * (max - min);
}

function makeParticles(width: number, height: number): Particle[] {
  const counts = particleCounts(window.innerWidth, isWeakDevice(navigator as Navigator & { deviceMemory?: number }));
  const make = (kind: Kind, n: number, r: [number, number], alpha: [number, number], speed: number): Particle[] =>
    Array.from({ length: n }, () => ({
      kind,
      x: random(0, width),
      y: random(0, height),
      vx: random(-speed, speed),
      vy: random(-speed, speed),
      r: random(r[0], r[1]),
      alpha: random(alpha[0], alpha[1]),
      phase: random(0, Math.PI * 2),
    }));
  return [
    ...make('glow', counts.glows, [18, 46], [0.06, 0.16], 0.12),
    ...make('ring', counts.rings, [5, 12], [0.18, 0.35], 0.18),
    ...make('dot', counts.dots, [0.8, 2.2], [0.3, 0.7], 0.25),
  ];
}

/**
 * Decorative particles behind the hero, drawn on a canvas. Starts once the page is idle, pauses while off screen,
 * in a hidden tab or while the page scrolls (the scroll keeps the frames), and draws nothing under
 * prefers-reduced-motion.
 */
export function Particles({ className }: { className?: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { scrolling } = useScrollState();
  const scrollingRef = useRef(scrolling);
  const syncRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    scrollingRef.current = scrolling;
    syncRef.current?.();
  }, [scrolling]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || typeof window.matchMedia !== 'function') return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

    let particles: Particle[] = [];
    let width = 0;
    let height = 0;
    let frame = 0;
    let visible = true;
    let started = false;
    let dark = document.documentElement.classList.contains('dark');

    const resize = () => {
      const rect = canvas.getBoundingClientRect();
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      width = rect.width;
      height = rect.height;
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      particles = makeParticles(width, height);
    };

    const draw = (time: number) => {
      const colors = dark ? palette.dark : palette.light;
      ctx.clearRect(0, 0, width, height);
      for (const p of particles) {
        p.x += p.vx;
        p.y += p.vy;
        if (p.x < -p.r) p.x = width + p.r;
        else if (p.x > width + p.r) p.x = -p.r;
        if (p.y < -p.r) p.y = height + p.r;
        else if (p.y > height + p.r) p.y = -p.r;
        const pulse = 0.75 + 0.25 * Math.sin(time / 1400 + p.phase);
        ctx.beginPath();
        ctx.arc(p.x, p.y, p.r, 0, Math.PI * 2);
        if (p.kind === 'ring') {
          ctx.strokeStyle = `rgba(${colors.ring}, ${p.alpha * pulse})`;
          ctx.lineWidth = 1.2;
          ctx.stroke();
        } else {
          ctx.fillStyle = `rgba(${p.kind === 'dot' ? colors.dot : colors.glow}, ${p.alpha * pulse})`;
          ctx.fill();
        }
      }
    };

    const loop = (time: number) => {
      draw(time);
      frame = window.requestAnimationFrame(loop);
    };
    const stop = () => {
      window.cancelAnimationFrame(frame);
      frame = 0;
    };
    const sync = () => {
      const run = started && visible && !document.hidden && !reducedMotion.matches && !scrollingRef.current;
      if (run && !frame) frame = window.requestAnimationFrame(loop);
      if (!run) {
        stop();
        if (reducedMotion.matches) ctx.clearRect(0, 0, width, height);
      }
    };

    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(([entry]) => {
            visible = entry.isIntersecting;
            sync();
          })
        : null;
    observer?.observe(canvas);
    const themeObserver = new MutationObserver(() => {
      dark = document.documentElement.classList.contains('dark');
    });
    themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });

    let resizeTimer = 0;
    const onResize = () => {
      window.clearTimeout(resizeTimer);
      resizeTimer = window.setTimeout(resize, 200);
    };

    // Start once the page is interactive, so the animation never competes with the first render.
    const start = () => {
      started = true;
      resize();
      window.addEventListener('resize', onResize);
      sync();
    };
    const idle = window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: 2500 }) : window.setTimeout(start, 1200);

    syncRef.current = sync;
    document.addEventListener('visibilitychange', sync);
    reducedMotion.addEventListener?.('change', sync);

    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      window.clearTimeout(resizeTimer);
      stop();
      observer?.disconnect();
      themeObserver.disconnect();
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', sync);
      reducedMotion.removeEventListener?.('change', sync);
      syncRef.current = null;
    };
  }, []);

  return <canvas ref={canvasRef} className={className} aria-hidden="true" />;
}

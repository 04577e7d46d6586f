import { useTheme } from '../lib/theme';

/** What the two icons share (the sun shown in the dark theme, the moon in the light one). */
const ICON = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, 'aria-hidden': true } as const;

/** Switches between the light and the dark theme (saved under the 'theme' key). */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label="Basculer le thème"
      aria-pressed={dark}
      title={dark ? 'Passer au thème clair' : 'Passer au thème sombre'}
      className={
        'inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ' +
        (className ?? '')
      }
    >
      {/* Both icons, the theme's shown by its class on <html>: a prerendered page is rendered in the light theme, and
          its button showed the light theme's icon until the app had hydrated. */}
      <svg {...ICON} className="hidden size-5 dark:block">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
      <svg {...ICON} className="size-5 dark:hidden">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
      </svg>
    </button>
  );
}

import type { AudienceDayDto } from '../../api/generated/model';
import { formatNumber } from '../../lib/format';
import { ScrollArea } from '../ui/scroll-area';
import { pointLabel } from './audience-format';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 16, right: 8, bottom: 28, left: 8 };

/** A round top of the scale: 1, 2 or 5 × a power of ten, at least the highest point. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((m) => m >= value)!;
}

/**
 * Visitors per day (per month over 12 months) as bars, in plain SVG like the revenue chart (no chart library); at most
 * eight labels under the axis. Screen readers get every point, with the page views, as a table.
 */
export function AudienceChart({ series, granularity }: { series: AudienceDayDto[]; granularity: 'day' | 'month' }) {
  const max = niceMax(Math.max(...series.map((p) => p.visitors), 0));
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerWidth / Math.max(1, series.length);
  const bar = Math.max(1, slot * 0.7);
  const every = Math.ceil(series.length / 8);

  return (
    <figure className="m-0">
      <ScrollArea>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full min-w-[20rem] text-slate-500 dark:text-slate-400"
          aria-hidden="true"
          focusable="false"
          data-testid="audience-chart"
        >
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={PAD.top + innerHeight * (1 - f)}
                y2={PAD.top + innerHeight * (1 - f)}
                stroke="currentColor"
                strokeOpacity={f === 0 ? 0.5 : 0.2}
              />
              {f > 0 ? (
                <text x={PAD.left + 2} y={PAD.top + innerHeight * (1 - f) - 4} className="fill-current text-[11px]">
                  {formatNumber(max * f)}
                </text>
              ) : null}
            </g>
          ))}
          {series.map((p, i) => {
            const height = (p.visitors / max) * innerHeight;
            const x = PAD.left + slot * i + (slot - bar) / 2;
            return (
              <g key={p.day}>
                <rect
                  x={x}
                  y={PAD.top + innerHeight - height}
                  width={bar}
                  height={Math.max(height, p.visitors > 0 ? 2 : 0)}
                  rx={Math.min(3, bar / 2)}
                  className="fill-brand-600 dark:fill-brand-400"
                />
                {i % every === 0 ? (
                  <text x={x + bar / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-current text-[12px]">
                    {pointLabel(p.day, granularity, 'short')}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </ScrollArea>
      <figcaption className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Visiteurs par {granularity === 'month' ? 'mois' : 'jour'}
      </figcaption>
      {/* The table in a visually hidden box: a table is never narrower than its cells, and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Visiteurs et pages vues par {granularity === 'month' ? 'mois' : 'jour'}</caption>
          <thead>
            <tr>
              <th scope="col">{granularity === 'month' ? 'Mois' : 'Jour'}</th>
              <th scope="col">Visiteurs</th>
              <th scope="col">Pages vues</th>
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.day}>
                <th scope="row">{pointLabel(p.day, granularity, 'long')}</th>
                <td>{formatNumber(p.visitors)}</td>
                <td>{formatNumber(p.pageviews)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

import type { MonthRevenueDto } from '../../api/generated/model';
import { ScrollArea } from '../../components/ui/scroll-area';
import { formatEuros, formatEurosCompact, formatMonth } from '../../lib/format';

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 24, right: 8, bottom: 32, left: 8 };

/** A round top of the scale: 1, 2 or 5 × a power of ten, at least the highest month. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((m) => m >= value)!;
}

/**
 * Revenue per month as bars (plain SVG, no chart library), the amount over each bar. Screen readers get the same
 * figures as a table.
 */
export function RevenueChart({ months }: { months: MonthRevenueDto[] }) {
  const max = niceMax(Math.max(...months.map((m) => m.revenueCents), 0));
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerWidth / Math.max(1, months.length);
  const bar = slot * 0.62;

  return (
    <figure className="m-0">
      <ScrollArea>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full min-w-[34rem] text-slate-500 dark:text-slate-400"
          aria-hidden="true"
          focusable="false"
        >
          {[0, 0.5, 1].map((f) => (
            <line
              key={f}
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={PAD.top + innerHeight * (1 - f)}
              y2={PAD.top + innerHeight * (1 - f)}
              stroke="currentColor"
              strokeOpacity={f === 0 ? 0.5 : 0.2}
            />
          ))}
          {months.map((m, i) => {
            const height = (m.revenueCents / max) * innerHeight;
            const x = PAD.left + slot * i + (slot - bar) / 2;
            const y = PAD.top + innerHeight - height;
            return (
              <g key={m.month}>
                <rect
                  x={x}
                  y={y}
                  width={bar}
                  height={Math.max(height, m.revenueCents > 0 ? 2 : 0)}
                  rx={4}
                  className="fill-brand-600 dark:fill-brand-400"
                />
                {m.revenueCents > 0 ? (
                  <text
                    x={x + bar / 2}
                    y={y - 6}
                    textAnchor="middle"
                    className="fill-slate-700 text-[11px] font-semibold dark:fill-slate-200"
                  >
                    {formatEurosCompact(m.revenueCents)}
                  </text>
                ) : null}
                <text x={x + bar / 2} y={HEIGHT - 10} textAnchor="middle" className="fill-current text-[12px]">
                  {formatMonth(m.month, 'short')}
                </text>
              </g>
            );
          })}
        </svg>
      </ScrollArea>
      <table className="sr-only">
        <caption>Chiffre d'affaires par mois</caption>
        <thead>
          <tr>
            <th scope="col">Mois</th>
            <th scope="col">Factures payées</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{formatMonth(m.month)}</th>
              <td>{formatEuros(m.revenueCents, { cents: true })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

import { useId } from "react";
import type { TrendWeek } from "@site/shared/office";
import { useIntlLocale, useText } from "../i18n/text";

const width = 640;
const height = 220;
const top = 12;
const bottom = 28;
const left = 36;
const plot = height - top - bottom;

/** A week's Monday (YYYY-MM-DD) as a short day: "23 Nov". */
function weekLabel(week: string, intlLocale: string): string {
  return new Intl.DateTimeFormat(intlLocale, {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${week}T00:00:00Z`));
}

/** A round top for the scale: 1, 2, 5, 10, 20, 50… at least the highest bar. */
function scaleTop(max: number): number {
  let step = 1;
  for (;;) {
    for (const factor of [1, 2, 5]) if (step * factor >= max) return step * factor;
    step *= 10;
  }
}

/**
 * The subscriptions and departures of the last weeks: two bars a week, drawn as SVG (no chart library:
 * 24 rectangles and a few labels), with its figures as a table for screen readers and anyone who
 * prefers numbers. The image is named by its title and summed up by its description; the colours are
 * the stylesheet's (office.css, `.chart-*`), paired with a legend, so no meaning rests on colour alone.
 */
export function WeekChart({ weeks }: { weeks: readonly TrendWeek[] }) {
  const text = useText().subscribers.chart;
  const intlLocale = useIntlLocale();
  const id = useId();
  const subscribed = weeks.reduce((sum, week) => sum + week.subscribed, 0);
  const departed = weeks.reduce((sum, week) => sum + week.unsubscribed, 0);
  const scale = scaleTop(Math.max(1, ...weeks.map((w) => Math.max(w.subscribed, w.unsubscribed))));
  const slot = (width - left) / Math.max(1, weeks.length);
  const bar = Math.max(4, Math.floor(slot / 3));
  const y = (value: number) => top + plot - (value / scale) * plot;

  return (
    <figure className="week-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="chart"
      >
        <title id={`${id}-title`}>{text.title}</title>
        <desc id={`${id}-desc`}>{text.summary(subscribed, departed)}</desc>
        {[0, scale / 2, scale].map((tick) => (
          <g key={tick} aria-hidden="true">
            <line x1={left} x2={width} y1={y(tick)} y2={y(tick)} className="chart-grid" />
            <text x={left - 6} y={y(tick) + 4} textAnchor="end" className="chart-label">
              {tick}
            </text>
          </g>
        ))}
        {weeks.map((week, index) => {
          const x = left + index * slot + (slot - 2 * bar) / 2;
          return (
            <g key={week.week} aria-hidden="true">
              <rect
                x={x}
                y={y(week.subscribed)}
                width={bar}
                height={top + plot - y(week.subscribed)}
                className="chart-in"
              />
              <rect
                x={x + bar}
                y={y(week.unsubscribed)}
                width={bar}
                height={top + plot - y(week.unsubscribed)}
                className="chart-out"
              />
              {index % 2 === weeks.length % 2 ? null : (
                <text x={x + bar} y={height - 8} textAnchor="middle" className="chart-label">
                  {weekLabel(week.week, intlLocale)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="chart-legend">
          <li>
            <span className="chart-key chart-in" aria-hidden="true" /> {text.subscribed}
          </li>
          <li>
            <span className="chart-key chart-out" aria-hidden="true" /> {text.departed}
          </li>
        </ul>
        <details>
          <summary>{text.showTable}</summary>
          <table className="chart-table">
            <caption className="visually-hidden">{text.title}</caption>
            <thead>
              <tr>
                <th scope="col">{text.weekOf}</th>
                <th scope="col">{text.subscribed}</th>
                <th scope="col">{text.departed}</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.week}>
                  <th scope="row">{weekLabel(week.week, intlLocale)}</th>
                  <td>{week.subscribed}</td>
                  <td>{week.unsubscribed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProgramEngagement } from '@sleep-ritual/contracts/admin-members';
import { className } from './engagement-figures.ts';

/** A colour of the night palette, read from the page's CSS variables (SVG attributes cannot use var()). */
function paletteColour(name: string, fallback: string): string {
  if (typeof window === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * Started and completed per class, in learning order, as bars: where the bars drop is where owners stop.
 * One image to assistive technology, named by `summary`; the table beside it holds the same figures.
 */
export default function DropOffChart({ program, summary }: { program: ProgramEngagement; summary: string }) {
  const data = program.classes.map((row) => ({
    name: className(row),
    started: row.started,
    completed: row.completed,
  }));
  const text = paletteColour('--muted', '#b4bce3');
  const grid = paletteColour('--border', '#2c3870');
  return (
    <figure className="admin-chart">
      <div role="img" aria-label={summary} className="admin-chart-canvas">
        <BarChart
          responsive
          data={data}
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 8, right: 8, bottom: 8, left: -16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={grid} strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="name"
            stroke={text}
            tick={{ fill: text, fontSize: 12 }}
            interval="preserveStartEnd"
          />
          <YAxis allowDecimals={false} stroke={text} tick={{ fill: text, fontSize: 12 }} />
          <Tooltip
            cursor={{ fill: 'rgb(143 180 255 / 0.08)' }}
            contentStyle={{
              background: paletteColour('--surface', '#18214a'),
              border: `1px solid ${grid}`,
              borderRadius: 10,
            }}
            labelStyle={{ color: paletteColour('--text', '#eef0ff') }}
          />
          <Legend wrapperStyle={{ color: text }} itemSorter={null} />
          <Bar
            dataKey="started"
            name="Started"
            fill={paletteColour('--accent', '#8fb4ff')}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
          <Bar
            dataKey="completed"
            name="Completed"
            fill={paletteColour('--success', '#9be7c4')}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </div>
      <figcaption className="muted">
        Started and completed, class by class; the table below gives the same figures.
      </figcaption>
    </figure>
  );
}

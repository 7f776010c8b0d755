import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { type ChartBounds, type ChartPoint, COLOURS, plotModel } from './readings-plot';

export interface ReadingsChartProps {
  readonly title: string;
  readonly points: readonly ChartPoint[];
  /** The bounds in force, drawn as zones; null without a rule. */
  readonly bounds: ChartBounds;
  /** The chosen days, YYYY-MM-DD: the time axis spans them whatever the readings. */
  readonly from: string;
  readonly to: string;
  readonly width?: number;
  readonly height?: number;
}

const dots = (stroke: string): uPlot.Series => ({
  stroke,
  fill: stroke,
  paths: () => null,
  points: { show: true, size: 7, stroke, fill: stroke },
});

/** Times on the axis in UTC, as the readings table and the call's days. */
const utc = (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC');

/**
 * One vital's readings over the chosen days drawn with uPlot, a small fast canvas chart: the zones of the bounds in
 * force behind the line (a weight's dry weight as a dashed line), and a dot per reading coloured by the alert it
 * raised. Both scales are fixed (readings-plot.ts); nothing is drawn without a reading in the days.
 */
export function ReadingsChart({
  title,
  points,
  bounds,
  from,
  to,
  width = 640,
  height = 200,
}: ReadingsChartProps) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = host.current;
    const model = plotModel(points, bounds, from, to);
    if (!el || !model) return;
    const drawBounds = (u: uPlot) => {
      const { ctx, bbox } = u;
      for (const band of model.bands) {
        const top = u.valToPos(band.to, 'y', true);
        const bottom = u.valToPos(band.from, 'y', true);
        ctx.fillStyle = COLOURS.bands[band.level];
        ctx.fillRect(bbox.left, top, bbox.width, bottom - top);
      }
      ctx.save();
      ctx.strokeStyle = COLOURS.baseline;
      ctx.setLineDash([4, 4]);
      for (const line of model.lines) {
        const y = u.valToPos(line, 'y', true);
        ctx.beginPath();
        ctx.moveTo(bbox.left, y);
        ctx.lineTo(bbox.left + bbox.width, y);
        ctx.stroke();
      }
      ctx.restore();
    };
    const plot = new uPlot(
      {
        width,
        height,
        tzDate: utc,
        legend: { show: false },
        cursor: { show: true, drag: { x: false, y: false } },
        // Fixed ranges (uPlot turns an array range into a scale it never fits to the data).
        scales: { x: { time: true, range: model.x }, y: { range: model.y } },
        series: [
          {},
          { label: title, stroke: COLOURS.line, width: 1.5, points: { show: false } },
          dots(COLOURS.normal),
          dots(COLOURS.abnormal),
          dots(COLOURS.critical),
        ],
        hooks: { drawClear: [drawBounds] },
      },
      model.data,
      el,
    );
    return () => plot.destroy();
  }, [points, bounds, from, to, title, width, height]);

  return <div ref={host} className="chart-readings-plot" role="img" aria-label={`${title} readings`} />;
}

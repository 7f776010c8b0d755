import type { Thresholds } from '@rpm/shared';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { bandsFor, type ChartPoint, COLOURS, plotData, valueRange } from './readings-plot';

export type { ChartPoint } from './readings-plot';

export interface ReadingsChartProps {
  readonly title: string;
  readonly points: readonly ChartPoint[];
  readonly thresholds: Thresholds | null;
  readonly width?: number;
  readonly height?: number;
}

const dots = (stroke: string): uPlot.Series => ({
  stroke,
  fill: stroke,
  paths: () => null,
  points: { show: true, size: 7, stroke, fill: stroke },
});

/**
 * One vital's readings over time drawn with uPlot, a small fast canvas chart: the critical and
 * abnormal zones of the active rule behind the line, and a dot per reading coloured by the alert it raised.
 */
export function ReadingsChart({ title, points, thresholds, width = 640, height = 200 }: ReadingsChartProps) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const range = valueRange(points, thresholds);
    const bands = bandsFor(thresholds, range);
    const drawBands = (u: uPlot) => {
      const { ctx, bbox } = u;
      for (const band of bands) {
        const top = u.valToPos(band.to, 'y', true);
        const bottom = u.valToPos(band.from, 'y', true);
        ctx.fillStyle = COLOURS.bands[band.level];
        ctx.fillRect(bbox.left, top, bbox.width, bottom - top);
      }
    };
    const plot = new uPlot(
      {
        width,
        height,
        legend: { show: false },
        cursor: { show: true, drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: () => range } },
        series: [
          {},
          { label: title, stroke: COLOURS.line, width: 1.5, points: { show: false } },
          dots(COLOURS.normal),
          dots(COLOURS.abnormal),
          dots(COLOURS.critical),
        ],
        hooks: { drawClear: [drawBands] },
      },
      plotData(points),
      el,
    );
    return () => plot.destroy();
  }, [points, thresholds, title, width, height]);

  return <div ref={host} className="chart-readings-plot" role="img" aria-label={`${title} readings`} />;
}

/** What the chart handed uPlot: jsdom has no canvas, so tests check the options and data (e2e draws for real). */
export interface RecordedPlot {
  readonly opts: { series: unknown[]; scales: { x: { time?: boolean } } };
  readonly data: unknown;
  destroyed: boolean;
}

export const recordedPlots: RecordedPlot[] = [];

/** Stands in for uPlot's default export. */
export class FakeUPlot {
  /** uPlot's path builders (bar charts ask for one when they build their options). */
  static readonly paths = { bars: () => () => null };
  readonly #plot: RecordedPlot;
  constructor(opts: RecordedPlot['opts'], data: unknown) {
    this.#plot = { opts, data, destroyed: false };
    recordedPlots.push(this.#plot);
  }
  destroy(): void {
    this.#plot.destroyed = true;
  }
}

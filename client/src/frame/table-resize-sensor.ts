/**
 * @public What Blueprint's Table2 imports as `./interactions/resizeSensor` (`client/vite.config.ts` resolves it here):
 * `ResizeSensor.attach(element, callback)`, answering a detach function. Blueprint's own writes its sensor's divs as
 * markup with style attributes, which the CSP refuses (style-src 'self'): the browser reported four
 * violations on every Table2 screen, and the unstyled divs never scrolled, so a table whose box grew or shrank kept
 * its old viewport. A ResizeObserver reports the same change without any markup.
 * decisions.md "Table resizes under the CSP".
 */
export const ResizeSensor = {
  attach(element: HTMLElement, callback: () => void): () => void {
    let size = { width: element.offsetWidth, height: element.offsetHeight };
    let frame: number | null = null;
    // As Blueprint's: one callback a frame, and only when the element's size changed.
    const observer = new ResizeObserver(() => {
      const now = { width: element.offsetWidth, height: element.offsetHeight };
      if (now.width === size.width && now.height === size.height) return;
      size = now;
      if (frame === null)
        frame = requestAnimationFrame(() => {
          frame = null;
          callback();
        });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
      frame = null;
    };
  },
};

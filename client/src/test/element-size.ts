import { vi } from 'vitest';

/**
 * Blueprint's Table2 draws only the cells inside its viewport, which jsdom measures as 0×0; the tests give every
 * element a screen-sized box. Returns the undo.
 */
export function giveElementsSize(width = 1600, height = 2000): () => void {
  const widthSpy = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  const heightSpy = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
  return () => {
    widthSpy.mockRestore();
    heightSpy.mockRestore();
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualResizeObserver } from '../test/manual-resize-observer';
import { ResizeSensor } from './table-resize-sensor';

/** Animation frames run when the test says. */
let frames: Map<number, () => void>;

function sized(width: number, height: number): HTMLElement {
  const element = document.createElement('div');
  resize(element, width, height);
  return element;
}

function resize(element: HTMLElement, width: number, height: number) {
  Object.defineProperty(element, 'offsetWidth', { value: width, configurable: true });
  Object.defineProperty(element, 'offsetHeight', { value: height, configurable: true });
}

function runFrames() {
  const due = [...frames.values()];
  frames.clear();
  for (const run of due) run();
}

beforeEach(() => {
  frames = new Map();
  let next = 0;
  vi.stubGlobal('ResizeObserver', ManualResizeObserver);
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => {
    frames.set(++next, run);
    return next;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Table2's resize sensor (decisions.md 'Table resizes under the CSP')", () => {
  it('calls back once a frame when the table changes size, and not when it keeps it', () => {
    const table = sized(480, 372);
    const callback = vi.fn();
    ResizeSensor.attach(table, callback);
    const observer = ManualResizeObserver.last as ManualResizeObserver;
    expect(observer.observed).toEqual([table]);

    observer.report();
    runFrames();
    expect(callback).not.toHaveBeenCalled();

    resize(table, 1580, 372);
    observer.report();
    resize(table, 1600, 372);
    observer.report();
    expect(callback).not.toHaveBeenCalled();
    runFrames();
    expect(callback).toHaveBeenCalledTimes(1);

    resize(table, 1600, 500);
    observer.report();
    runFrames();
    expect(callback).toHaveBeenCalledTimes(2);
  });

  it('adds nothing to the page, so the CSP has no style attribute to refuse', () => {
    const table = sized(480, 372);
    ResizeSensor.attach(table, () => {});
    expect(table.childNodes).toHaveLength(0);
    expect(table.getAttribute('style')).toBeNull();
  });

  it('stops observing on detach, and a change waiting for its frame is dropped', () => {
    const table = sized(480, 372);
    const callback = vi.fn();
    const detach = ResizeSensor.attach(table, callback);
    const observer = ManualResizeObserver.last as ManualResizeObserver;
    resize(table, 900, 372);
    observer.report();
    detach();
    runFrames();
    expect(observer.disconnected).toBe(true);
    expect(callback).not.toHaveBeenCalled();
  });
});

/** Loads `path` as a new page (a full reload), e.g. the dashboard after a temporary login starts (000 §4.4). */
export function loadPage(path: string): void {
  window.location.assign(path);
}

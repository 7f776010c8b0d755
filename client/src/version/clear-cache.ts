/** What {@link clearCacheAndReload} touches; tests pass fakes. */
export interface ReloadDeps {
  readonly caches: Pick<CacheStorage, 'keys' | 'delete'> | undefined;
  readonly reload: () => void;
}

const browser: () => ReloadDeps = () => ({
  caches: typeof caches === 'undefined' ? undefined : caches,
  reload: () => window.location.reload(),
});

/**
 * The version check's "cache clear and reload" (001 §4): deletes every Cache Storage entry of this origin, then
 * reloads the page so the new client's files load. The reload happens even if clearing fails.
 */
export async function clearCacheAndReload(deps: ReloadDeps = browser()): Promise<void> {
  try {
    if (deps.caches) {
      const keys = await deps.caches.keys();
      await Promise.all(keys.map((key) => deps.caches?.delete(key)));
    }
  } finally {
    deps.reload();
  }
}

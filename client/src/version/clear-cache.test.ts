import { describe, expect, it, vi } from 'vitest';
import { clearCacheAndReload } from './clear-cache';

describe('clearCacheAndReload', () => {
  it('deletes every cache, then reloads', async () => {
    const order: string[] = [];
    const caches = {
      keys: vi.fn(async () => ['app-v1', 'images']),
      delete: vi.fn(async (key: string) => {
        order.push(`delete ${key}`);
        return true;
      }),
    };
    await clearCacheAndReload({ caches, reload: () => order.push('reload') });
    expect(order).toEqual(['delete app-v1', 'delete images', 'reload']);
  });

  it('reloads without Cache Storage, and when clearing fails', async () => {
    const reload = vi.fn();
    await clearCacheAndReload({ caches: undefined, reload });
    expect(reload).toHaveBeenCalledTimes(1);

    const failing = { keys: vi.fn(async () => Promise.reject(new Error('denied'))), delete: vi.fn() };
    await expect(clearCacheAndReload({ caches: failing, reload })).rejects.toThrow('denied');
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

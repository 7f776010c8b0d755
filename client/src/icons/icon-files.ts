import { type IconName, IconSize, Icons } from '@blueprintjs/icons';

/**
 * Blueprint's default loader fetches every icon of a size in one ~100 KiB (gzip) chunk when the
 * first icon draws. The build writes each icon's paths as a file of its own (`iconFiles` in client/vite.config.ts)
 * and this loader fetches only the icons a screen draws. Development and tests keep Blueprint's loader.
 */
export function loadOnlyUsedIcons(): void {
  if (!import.meta.env.PROD) return;
  Icons.setLoaderOptions({
    loader: async (name: IconName, size: IconSize) => {
      const folder = size === IconSize.LARGE ? '20px' : '16px';
      const file: { default: string[] } = await import(
        /* @vite-ignore */ `${__ICON_FILES__}${folder}/${name}.js`
      );
      return file.default;
    },
  });
}

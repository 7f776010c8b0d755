/** The folder of the build's one-file-per-icon paths (client/vite.config.ts `iconFiles`). */
declare const __ICON_FILES__: string;

/** The app's version from package.json, set at build time (vite.config.ts). */
declare const __APP_VERSION__: string;
/** The id of this build; a different id in the server's version.json means a newer deployment. */
declare const __APP_BUILD__: string;

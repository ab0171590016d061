/**
 * The app's CSP allows no eval, so zod must neither compile parsers with `new Function` nor probe whether it may (a
 * strict CSP reports even the probe it catches, as a console error on every page that parses). zod reads its settings
 * from this global, shared by every copy of it; setting it here, before any page loads zod, keeps zod itself out of
 * the first page's JavaScript.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// the same object zod holds, whether or not zod has loaded already
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};

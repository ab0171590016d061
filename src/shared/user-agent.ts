/**
 * A readable name for the device behind a browser's User-Agent header ("Chrome on macOS"), for the signed-in devices
 * and the sign-in activity. The order of the checks matters: Edge and Opera also say Chrome, Chrome also says Safari,
 * and iPadOS and Android also say Mac OS X and Linux.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bAppleWebKit\/.*\bMobile\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

/** The name shown for a device whose browser sent no User-Agent at all. */
export const UNNAMED_DEVICE = 'Unknown device';

export function parseUserAgent(ua: string | null | undefined): { browser: string | null; os: string | null } {
  if (!ua) return { browser: null, os: null };
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
  return { browser, os };
}

/** "Chrome on macOS", "Safari on iOS", "Firefox" (system unknown), "Browser on Linux" (browser unknown). */
export function deviceName(ua: string | null | undefined): string {
  if (!ua || !ua.trim()) return UNNAMED_DEVICE;
  const { browser, os } = parseUserAgent(ua);
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  if (os) return `Browser on ${os}`;
  // a program rather than a browser: its first product token ("okhttp/4.12" → "okhttp")
  const product = /^([A-Za-z][\w.-]{0,39})\//.exec(ua.trim())?.[1];
  return product ?? 'Other device';
}

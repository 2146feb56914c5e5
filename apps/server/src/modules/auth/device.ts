// What a sign-in's User-Agent reads as on the sessions list ("Chrome", "Windows"): the common
// browsers and systems by the marks they put in it, in an order where the more specific mark wins
// (Edge and Opera also say Chrome; Chrome also says Safari; Android also says Linux).
const browsers: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS)\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (marks: readonly [RegExp, string][], userAgent: string) => marks.find(([mark]) => mark.test(userAgent))?.[1] ?? null;

export const describeDevice = (userAgent: string | null) => ({
  browser: userAgent ? firstMatch(browsers, userAgent) : null,
  os: userAgent ? firstMatch(systems, userAgent) : null,
});

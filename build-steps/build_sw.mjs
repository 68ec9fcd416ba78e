// Generate dist/sw.js with workbox-build. Usage: node build-steps/build_sw.mjs <dist> '<json {file: revision}>'
// The files (src/webtabletop/tools/precache.py) are what the page loads: only those are
// precached, with the revisions the page's config also holds (the page fills the precache with
// what it downloaded before it registers this worker: web/engine.mjs, keepFiles). Pre-rendered screens and catalogs are cached at run time, when the page asks for them
// (their URLs carry the build's version, so a new build never gets an old screen).
// pyodide.asm.wasm is 9.6 MB: raise workbox's 2 MiB default so it is not silently skipped.
import { generateSW } from "workbox-build";

const dist = process.argv[2] || "dist";
const files = JSON.parse(process.argv[3]);
const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  globPatterns: [],
  additionalManifestEntries: Object.entries(files).map(([url, revision]) => ({ url, revision })),
  swDest: `${dist}/sw.js`,
  maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  skipWaiting: true,
  navigateFallback: "index.html",
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: "production",
  // the page's own URL carries the game in the #fragment; ?query variants map to the same file
  ignoreURLParametersMatching: [/.*/],
  runtimeCaching: [
    {
      urlPattern: ({ url }) => url.pathname.includes("/pre/") || url.pathname.includes("/locale/"),
      handler: "CacheFirst",
      options: { cacheName: "webtabletop-lazy", expiration: { maxEntries: 120 } },
    },
  ],
});
if (warnings.length) {
  console.error(warnings.join("\n"));
  process.exit(1);
}
console.log(`[build] service worker precaches ${count} files`);

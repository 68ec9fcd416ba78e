// Generate dist/sw.js with workbox-build: precache every file of the site (no runtime CDN).
// pyodide.asm.wasm is 9.6 MB: raise workbox's 2 MiB default so it is not silently skipped.
import { generateSW } from "workbox-build";

const dist = process.argv[2] || "dist";
const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  globPatterns: ["**/*"],
  globIgnores: ["sw.js", "workbox-*.js", "bench/**"],
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
});
if (warnings.length) {
  console.error(warnings.join("\n"));
  process.exit(1);
}
console.log(`[build] service worker precaches ${count} files, ${(size / 1e6).toFixed(1)} MB`);

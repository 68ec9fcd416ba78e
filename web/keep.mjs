// The service worker's precache, filled with what a first visit downloaded (web/engine.mjs
// imports this once the page has started; the page registers its service worker after it).
//
// workbox's precache (build-steps/build_sw.mjs) looks in its cache before it fetches: a file found
// there under its key (its URL with ?__WB_REVISION__=<revision>, in the cache named
// workbox-precache-v2-<scope>) is not fetched again. A file goes in only if it is the build's
// (src/webtabletop/tools/precache.py: revisions): its SHA-256 starts with its revision, or, for
// index.html, which cannot hold its own hash, it holds its revision. So a stale copy from the HTTP
// cache never goes in, and whatever is not kept the service worker fetches itself.

const pathOf = (site, url) => new URL(url, site).href.split(/[?#]/)[0].slice(site.length);

async function sound(path, revision, bytes) {
  if (path === "index.html") return new TextDecoder().decode(bytes).includes(`"index.html":"${revision}"`);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (x) => x.toString(16).padStart(2, "0")).join("").startsWith(revision);
}

// plan: {path: revision}; site: the scope's URL; got: path -> Promise<{bytes, type}>, the files the
// engine downloaded; urls: what the page loaded (its resource timing). -> how many files were kept
export async function keepFiles({ plan, site: SITE, got, urls }) {
  if (!plan || !self.caches || !self.crypto || !crypto.subtle) return 0;
  const precache = await caches.open(`workbox-precache-v2-${SITE}`);
  const lazy = await caches.open("webtabletop-lazy");
  const mine = performance.getEntriesByType("resource").map((r) => r.name);
  const where = new Map(); // path -> the URL it was loaded from
  for (const u of [...urls, ...mine]) {
    const url = new URL(u, SITE).href.split("#")[0];
    if (!url.startsWith(SITE)) continue;
    const path = pathOf(SITE, url) || "index.html";
    if (!where.has(path)) where.set(path, url);
  }
  let kept = 0;
  for (const [path, revision] of Object.entries(plan)) {
    const key = new URL(path, SITE);
    key.searchParams.set("__WB_REVISION__", revision);
    if (await precache.match(key.href)) continue;
    let file = got.has(path) ? await got.get(path).catch(() => null) : null;
    if (!file && where.has(path)) {
      // loaded by the page (a script, a module): the browser's HTTP cache has it
      const r = await fetch(where.get(path), { cache: "force-cache" }).catch(() => null);
      if (r && r.ok) file = { bytes: new Uint8Array(await r.arrayBuffer()), type: r.headers.get("content-type") || "" };
    }
    if (!file || !(await sound(path, revision, file.bytes))) continue; // the service worker fetches it
    await precache.put(key.href, new Response(file.bytes, { headers: { "Content-Type": file.type } }));
    kept++;
  }
  // the screen and catalog this visit showed, for the runtime cache (build_sw.mjs: CacheFirst)
  for (const [path, url] of where) {
    if (!/^(pre|locale)\//.test(path) || (await lazy.match(url))) continue;
    const file = got.has(path) ? await got.get(path).catch(() => null) : null;
    const r = file ? new Response(file.bytes, { headers: { "Content-Type": file.type } }) : await fetch(url, { cache: "force-cache" }).catch(() => null);
    if (r && r.ok) await lazy.put(url, r);
  }
  got.clear();
  return kept;
}


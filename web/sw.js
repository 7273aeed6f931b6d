// Tabula's service worker (served from /sw.js so that it controls every page): it keeps the
// app's shell and what the pages load (scripts, styles, catalogues, pictures), so that a page
// read once (the rules, the lessons) opens again without a network. Every request goes to the
// network first, so an online player always gets the newest app; the cache answers only when
// the network does not. Games are never kept: /api/ (views, moves, accounts) and the sockets
// pass through untouched, since a stale game is worse than none.
//
// A classic script, not a module (module workers are not yet everywhere); everything is inside
// one function so that nothing leaks into the checker's global names.
(() => {
  /**
   * What the worker's events carry (the DOM's type library has no worker types, and the
   * webworker one cannot be loaded beside it).
   * @typedef {Event & { waitUntil(p: Promise<unknown>): void }} WorkerEvent
   * @typedef {WorkerEvent & { request: Request, respondWith(r: Promise<Response>): void }} WorkerFetch
   * @typedef {WorkerEvent & { data: unknown }} WorkerMessage
   * @typedef {{
   *   addEventListener(type: 'install' | 'activate', f: (e: WorkerEvent) => void): void,
   *   addEventListener(type: 'fetch', f: (e: WorkerFetch) => void): void,
   *   addEventListener(type: 'message', f: (e: WorkerMessage) => void): void,
   *   skipWaiting(): Promise<void>, clients: { claim(): Promise<void> }, location: Location,
   * }} WorkerScope
   */
  const worker = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));

  // Bump on a change of what is kept or how: the new worker drops the older caches.
  const VERSION = 2;
  const CACHE = `tabula-v${VERSION}`;
  /**
   * The shell: the page every path is and the manifest's pictures. The page's scripts, style
   * and catalogues have content-hashed names the page knows: the first page sends them (see
   * the message event below).
   */
  const SHELL = ['/', '/manifest.webmanifest', '/assets/icons/icon.svg', '/assets/icons/icon-192.png'];

  /** A content-hashed asset's name without its hash (`/assets/board.js`), else null. @param {string} path */
  const unhashed = (path) => {
    const m = path.match(/^(\/assets\/.+)\.[0-9a-f]{16}(\.\w+)$/);
    return m ? m[1] + m[2] : null;
  };

  /** Whether a same-origin path may be kept: not the games' API, not the worker itself. @param {string} path */
  const keepable = (path) => !path.startsWith('/api/') && path !== '/api' && path !== '/sw.js';

  /**
   * Keeps a good answer: a whole (200), same-origin one.
   * @param {Cache} cache @param {string | Request} key @param {Response} response
   */
  async function keep(cache, key, response) {
    if (!(response.ok && response.status === 200 && response.type === 'basic')) return;
    await cache.put(key, response);
    // a new copy of a hashed file replaces the older ones (each release names its own)
    const path = new URL(typeof key === 'string' ? key : key.url, worker.location.origin).pathname;
    const plain = unhashed(path);
    if (!plain) return;
    for (const old of await cache.keys()) {
      const p = new URL(old.url).pathname;
      if (p !== path && unhashed(p) === plain) await cache.delete(old);
    }
  }

  worker.addEventListener('install', (e) => {
    e.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => worker.skipWaiting()));
  });

  worker.addEventListener('activate', (e) => {
    e.waitUntil(caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('tabula-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => worker.clients.claim()));
  });

  /**
   * The network's answer, kept for later (a page's also as the shell, `/`: every path is the
   * same index.html, so it opens a page never visited too); the kept one when the network
   * fails.
   * @param {Request} request
   * @returns {Promise<Response>}
   */
  async function networkFirst(request) {
    const cache = await caches.open(CACHE);
    const page = request.mode === 'navigate';
    try {
      const response = await fetch(request);
      const copies = [keep(cache, request, response.clone())];
      if (page) copies.push(keep(cache, '/', response.clone()));
      await Promise.all(copies).catch(() => {});
      return response;
    } catch (err) {
      // the server's answers vary by language and cookie; offline, any language beats none
      const kept = await cache.match(request, { ignoreSearch: page, ignoreVary: true }) || (page ? await cache.match('/', { ignoreVary: true }) : undefined);
      if (kept) return kept;
      throw err;
    }
  }

  worker.addEventListener('fetch', (e) => {
    const request = e.request;
    const url = new URL(request.url);
    if (request.method !== 'GET' || url.origin !== worker.location.origin || !keepable(url.pathname)) return;
    e.respondWith(networkFirst(request));
  });

  // The first page a new worker takes over was loaded before it: that page sends the
  // addresses it loaded (`{ keep: [paths] }`), and they are fetched again and kept.
  worker.addEventListener('message', (e) => {
    const data = /** @type {{ keep?: unknown }} */ (e.data || {});
    if (!Array.isArray(data.keep)) return;
    const paths = data.keep.filter((p) => typeof p === 'string' && p.startsWith('/') && keepable(new URL(p, worker.location.origin).pathname));
    e.waitUntil(caches.open(CACHE).then((cache) => Promise.all(paths.slice(0, 200).map((p) =>
      fetch(p, { credentials: 'same-origin' }).then((r) => keep(cache, p, r)).catch(() => {})))));
  });
})();

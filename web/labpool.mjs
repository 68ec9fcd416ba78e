// The designer's lab: a pool of engine workers that plays a lab run's games off the main thread.
//
// Loaded by web/boot-head.js (wttBoot.lab) when the lab screen starts a run. command(spec):
//   {run, tasks, workers}  starts run `run`: `workers` ("auto" = navigator.hardwareConcurrency,
//                          at most 8 and at most one per game) engine workers, each started like
//                          the page's own (web/engine.mjs, the same snapshot: wttBoot.engineInit),
//                          each playing one task at a time ({"type": "lab_task", task});
//   {cancel: run}          stops that run: its workers are terminated at once.
// Results go back to the lab screen through the page (window.wttSend) as
// {"type": "lab_results", run, results: [[task number, result], …], done, seconds, error},
// at most every FLUSH_MS while the run lasts, and once more at its end. The workers end with the
// run, so a finished run holds no memory.

const FLUSH_MS = 400;
let current = null;

function stop(run) {
  if (!run || run.stopped) return;
  run.stopped = true;
  clearTimeout(run.timer);
  for (const w of run.workers) w.terminate();
  run.workers = [];
}

function flush(run) {
  run.timer = 0;
  const results = run.pending.splice(0);
  const done = run.finished === run.total;
  const seconds = (performance.now() - run.t0) / 1000;
  const msg = { type: "lab_results", run: run.id, results, done, seconds };
  if (run.error) msg.error = run.error;
  window.wttSend(JSON.stringify(msg));
  if (done || run.error) stop(run);
}

function later(run) {
  if (!run.timer) run.timer = setTimeout(() => flush(run), FLUSH_MS);
}

function fail(run, why) {
  if (run.stopped || run.error) return;
  run.error = String(why).split("\n")[0].slice(0, 300);
  clearTimeout(run.timer);
  flush(run);
}

function spawn(run) {
  const B = window.wttBoot;
  const w = new Worker(`./engine.mjs?v=${B.C.build}`, { type: "module" });
  const next = () => {
    if (run.stopped) return;
    const item = run.queue.shift();
    if (item) w.postMessage({ id: item[0], payload: JSON.stringify({ type: "lab_task", task: item[1] }) });
  };
  w.onmessage = (ev) => {
    const m = ev.data;
    if (run.stopped || m.rehearsed !== undefined) return;
    if (m.ready) return next();
    if (m.fatal) return fail(run, m.fatal);
    if (m.error !== undefined) return fail(run, m.error);
    const answer = JSON.parse(m.result);
    if (!answer.lab_result) return fail(run, answer.lab_error || answer.toast || "a game failed");
    run.pending.push([m.id, answer.lab_result]);
    run.finished += 1;
    if (run.finished === run.total) {
      clearTimeout(run.timer);
      flush(run);
    } else {
      later(run);
      next();
    }
  };
  w.onerror = (ev) => fail(run, (ev && ev.message) || "a lab worker did not start");
  // the pool starts as the page's engine did (the snapshot, or the plain start), and keeps no
  // files for the service worker (the page's engine does that once)
  const init = { ...B.engineInit, keep: false };
  if (B.engine && B.engine.mode) init.snapshot = B.engine.mode === "snapshot" && init.snapshot ? { ...init.snapshot, force: true } : null;
  w.postMessage(init);
  return w;
}

export function command(spec) {
  if (spec.cancel !== undefined) {
    if (current && current.id === spec.cancel) stop(current);
    return;
  }
  stop(current);
  const cores = navigator.hardwareConcurrency || 2;
  const asked = spec.workers === "auto" ? cores : Number(spec.workers) || 1;
  const n = Math.max(1, Math.min(asked, 8, spec.tasks.length));
  const run = {
    id: spec.run,
    total: spec.tasks.length,
    queue: spec.tasks.map((t, i) => [i, t]),
    pending: [],
    finished: 0,
    workers: [],
    t0: performance.now(),
    timer: 0,
    stopped: false,
    error: null,
  };
  current = run;
  for (let k = 0; k < n; k++) run.workers.push(spawn(run));
  window.wttLabWorkers = n; // benchmarks read it
}

// The engine's rehearsal (web/engine.mjs): warm WebAssembly's hot paths while the player looks at a
// new board (web/worker.py: rehearse). It starts when the worker has been idle for IDLE_MS after a board
// appeared, plays one move per task (a player's action waits for one move at most, about
// 5-30 ms), pauses at every action (until the worker is idle again), and stops for good after
// BUDGET_MS of work in all. An engine without it (a worker.py of an older build) skips it.
const IDLE_MS = 400;
const BUDGET_MS = 800;

// rehearsal(engine, phases) -> {later(): rehearse once the worker is idle again, pause(): an action
// came}. Posts {rehearsed: ms} when the budget is spent.
export function rehearsal(engine, phases) {
  const state = { timer: 0, spent: 0, done: false };
  const later = () => {
    clearTimeout(state.timer);
    if (state.done || !engine.rehearse) return;
    state.timer = setTimeout(step, IDLE_MS);
  };
  const step = () => {
    const t = performance.now();
    let played = 0;
    try {
      played = engine.rehearse(1); // one move per task: an action waits for one move at most
    } catch (err) {
      played = 0;
    }
    state.spent += performance.now() - t;
    if (!played) return; // nothing on screen to rehearse: try again after the next answer
    if (state.spent >= BUDGET_MS) {
      state.done = true;
      phases.rehearsed = Math.round(state.spent);
      postMessage({ rehearsed: Math.round(state.spent) });
      return;
    }
    state.timer = setTimeout(step, 0);
  };
  return { later, pause: () => clearTimeout(state.timer) };
}

// Which start the engine makes (web/engine.mjs): the build's memory snapshot, or the interpreter's
// own start. The snapshot costs its download and saves the interpreter's start and imports, so
// which is faster depends on the link and the device: both are measured before the snapshot is
// asked for (loaded while the engine's first downloads run, whose bytes it counts).
//
// chooseStart({init, wire, phases, t0}) -> null (restore the snapshot) or why not; the measures
// go into phases.choice. wire: the engine's count of bytes received ({bytes, first, open, stored,
// wake}); t0: when the engine worker started.

// The snapshot saves SAVED_PER_PROBE times the probe's time: both measured on one machine, in one
// run, with the engine's phases (benchmarks/first_visit.py --calibrate), so the ratio carries over
// to a device that is slower or busier (its probe takes longer, its start too). 102: the median
// of 4 pairs (20-115) once the plain start loads only the first screens' modules, as bytecode
// (ready in 2.3-2.9 s against the snapshot's 1.2-2.3 s, at load 7-10 on 2 cores). The 164 before
// was calibrated for a plain start that imported everything, from a standard library of sources;
// kept, it chose the snapshot on a 10 Mbit/s link, where it answered in 10.4 s against 7.9 s.
const SAVED_PER_PROBE = 102;
const ENOUGH = 1_000_000; // bytes on the wire that make a fair estimate of the link
const WAIT_MS = 1500; // at most, after the first byte

// -> ms for a fixed piece of work, the median of five short runs: the device's speed (a short run
// is seldom interrupted, so this does not see other programs that keep a shared machine busy)
function probe() {
  const times = [];
  const a = new Float64Array(1 << 15);
  let h = 0;
  for (let run = 0; run < 5; run++) {
    const t = performance.now();
    for (let r = 0; r < 24; r++) {
      for (let i = 0; i < a.length; i++) {
        a[i] = a[(i * 7919) & (a.length - 1)] * 0.5 + i;
        h = (Math.imul(h, 31) + (a[i] | 0)) | 0;
      }
    }
    times.push(performance.now() - t + (h & 0)); // h: keeps the work from being optimised away
  }
  return times.sort((x, y) => x - y)[2];
}

// -> null (restore the snapshot) or why not; the measures go into phases.choice
export async function chooseStart({ init, wire, phases, t0 }) {
  const snap = init.snapshot;
  if (!snap) return "no snapshot offered";
  if (typeof DecompressionStream !== "function") return "no DecompressionStream";
  const cpu = probe();
  const saved = SAVED_PER_PROBE * cpu;
  phases.choice = { probe: +cpu.toFixed(1), saved: Math.round(saved) };
  if (snap.force) return null;
  // wait for enough bytes, or until every download so far is done, or WAIT_MS after the first
  // byte (or 8 s with none: offline, say)
  // a page the service worker controls whose files were stored decoded: everything is on this device
  const stored = () => wire.stored > 0 && !init.keep;
  const enough = () =>
    stored() ||
    wire.bytes >= ENOUGH ||
    (wire.first && (wire.open === 0 || performance.now() - wire.first >= WAIT_MS)) ||
    performance.now() - t0 > 8000;
  while (!enough()) {
    await new Promise((resolve) => {
      wire.wake = resolve;
      setTimeout(resolve, 50);
    });
  }
  wire.wake = null;
  const seconds = Math.max(performance.now() - (wire.first || t0), 1) / 1000;
  const rate = Math.max(wire.bytes, 1) / seconds; // bytes per second, all downloads together
  const cost = stored() || (wire.open === 0 && seconds < 0.3) ? 0 : (snap.gz / rate) * 1000; // all in at once: local or cached
  Object.assign(phases.choice, { mbit: +((rate * 8) / 1e6).toFixed(1), cost: Math.round(cost) });
  return cost < saved ? null : `the snapshot would take ${Math.round(cost)} ms to download, it saves ${Math.round(saved)} ms`;
}

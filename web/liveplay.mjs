// Live play on the page (docs/live-play.md): carries out what the engine asks (app/match/live.py,
// the answer's "live" list) with the channel module (web/livechannel.mjs), and reports back to
// the engine as {type: "live", event, key, peer, ...} actions through window.wttSend.
//
// One LivePeer per match (by its storage key). Ops: offer, answer (make a description and report
// it: "described"), accept (the friend's answer), await (take the answer another tab of this
// browser hands over), handover (hand an answer to the tab that waits for it: "handed"), send,
// close, notify (a system notification while this tab is hidden, if the player allowed them),
// permission (ask the player once). Events: described, error, state, presence, message.
//
// Nothing here trusts the friend: every text received goes to the engine, which takes it exactly
// as a link opened by hand (the tag, the chains, the replay).

const peers = new Map(); // key -> {peer, id, waiting}
const LIVE_KEY = "webtabletop-live";
let LC = null;

// the tests and the benchmark read the peers (states, statistics) and wrap send() to inject faults
window.wttLivePeers = peers;

function report(event, key, id, fields = {}) {
  window.wttSend(JSON.stringify({ type: "live", event, key, peer: id, ...fields }));
}

function remember(key, on) {
  // the matches live in this tab: after a reload the engine says the connection ended with it
  try {
    const keys = new Set((sessionStorage.getItem(LIVE_KEY) || "").split(" ").filter(Boolean));
    if (on) keys.add(key);
    else keys.delete(key);
    sessionStorage.setItem(LIVE_KEY, [...keys].join(" "));
  } catch {
    // no sessionStorage (a private mode): nothing to remember
  }
}

async function channel() {
  if (!LC) LC = await window.wttBoot.liveChannel();
  return LC;
}

function drop(key) {
  const held = peers.get(key);
  if (!held) return;
  peers.delete(key);
  if (held.waiting) held.waiting.close();
  held.peer.close();
}

async function describe(op) {
  const idle = window.wttBoot.idle;
  idle.work(1); // gathering takes up to a few seconds: the page is not idle meanwhile
  try {
    const lc = await channel();
    drop(op.key);
    const peer = new lc.LivePeer({ seat: op.seat, ice: op.ice });
    const held = { peer, id: op.peer, waiting: null, matchId: op.matchId };
    peers.set(op.key, held);
    peer.addEventListener("state", (e) => {
      if (peers.get(op.key) !== held) return;
      if (e.detail.state === "open") remember(op.key, true);
      report("state", op.key, op.peer, { state: e.detail.state });
    });
    peer.addEventListener("presence", (e) => {
      if (peers.get(op.key) === held) report("presence", op.key, op.peer, { presence: e.detail.presence });
    });
    peer.addEventListener("message", (e) => {
      if (peers.get(op.key) === held) report("message", op.key, op.peer, { text: e.detail.text });
    });
    const made = op.op === "offer" ? await peer.offer() : await peer.answer(op.offer);
    report("described", op.key, op.peer, { desc: made.desc });
  } catch (err) {
    console.error("live: " + err);
    report("error", op.key, op.peer, { error: String(err && err.message ? err.message : err) });
  } finally {
    idle.work(-1);
  }
}

async function run(op) {
  const held = peers.get(op.key);
  switch (op.op) {
    case "offer":
    case "answer":
      return describe(op);
    case "accept":
      if (held && held.id === op.peer) {
        try {
          await held.peer.accept(op.answer);
        } catch (err) {
          report("state", op.key, op.peer, { state: "failed" });
        }
      }
      return;
    case "await": {
      if (!held || held.id !== op.peer) return;
      const lc = await channel();
      if (held.waiting) held.waiting.close();
      held.waiting = lc.awaitAnswer(op.matchId, op.offerId, (answer) => {
        held.peer.accept(answer).catch(() => report("state", op.key, op.peer, { state: "failed" }));
      });
      return;
    }
    case "handover": {
      const lc = await channel();
      window.wttBoot.idle.work(1);
      try {
        const taken = await lc.handOver(op.matchId, op.offerId, op.answer, { link: op.link });
        report("handed", op.key, null, { taken });
      } finally {
        window.wttBoot.idle.work(-1);
      }
      return;
    }
    case "send":
      if (held && held.id === op.peer) held.peer.send(op.text);
      return;
    case "close":
      if (held && held.id === op.peer) {
        drop(op.key);
        remember(op.key, false);
      }
      return;
    case "notify":
      if (document.visibilityState === "hidden" && "Notification" in window && Notification.permission === "granted") {
        new Notification(op.title, { body: op.body, tag: "webtabletop-live" });
      }
      return;
    case "permission":
      if ("Notification" in window && Notification.permission === "default") Notification.requestPermission();
      return;
  }
}

// The engine's list of ops, in order (each waits for the one before: an offer before its await)
let queue = Promise.resolve();
export function command(ops) {
  for (const op of Array.isArray(ops) ? ops : []) {
    queue = queue.then(() => run(op)).catch((err) => console.error("live: " + err));
  }
}

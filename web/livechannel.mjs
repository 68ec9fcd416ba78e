// Live play's channel (docs/live-play.md): a WebRTC data channel between two browsers, signalled
// by the match links themselves. Plain ES module on the main thread (RTCPeerConnection does not
// exist in workers), loaded on demand by web/boot-head.js (wttBoot.liveChannel()).
//
// What it does, and what it leaves to the page:
// - LivePeer: one RTCPeerConnection with one ordered, reliable data channel (pre-negotiated as
//   id 0 by default: no in-band open message, one round trip less). ICE candidates are gathered
//   without trickle (the offer and the answer each travel once, inside a link): the description
//   is taken once gathering completes, or shortly after the first usable candidates (a short
//   settle time, longer while a STUN answer may still come), or at a hard cap. The time it took
//   and why it stopped are reported (gather.ms, gather.why).
// - minimize / expand (web/livesdp.mjs, re-exported here): the offer or answer reduced to what
//   must travel (ICE ufrag and password, the DTLS sha-256 fingerprint, the setup role, the
//   candidates: address, port, type, protocol; mDNS names included) and a whole SDP rebuilt from
//   it on the other side. The minimal form is the JSON that
//   webtabletop.correspondence.live.description reads and writes (from_json / to_json): the
//   engine packs it into the link's binary format, so no binary codec is written in JavaScript.
// - messages: send(text) / "message" events. Frames on the channel: "L" + the page's text (a
//   match link), "H" + "v"|"h" a heartbeat (visible or hidden tab), "B" the tab is closing,
//   "P"/"Q" + n a ping and its answer (round-trip time).
// - presence ("presence" events): online, away (the friend's tab is hidden), gone (no heartbeat
//   for GONE_MS, or GONE_HIDDEN_MS when its tab said it was hidden and its timers may be
//   throttled to once a minute; at once after a "B" or when the channel closes).
// - states ("state" events): new, gathering, waiting (a description made, waiting for the other
//   side), connecting, open, disconnected (the network path was lost; ICE may still recover),
//   closed, failed. A reconnect needs a new offer and answer: restart() on a connection that is
//   still there (an ICE restart, MDN restartIce), or a new LivePeer.
// - awaitAnswer / handOver: a BroadcastChannel named after the match, so that the friend's link 2
//   opened in another tab of this browser hands the answer to the tab that made the offer.
//
// Nothing here trusts what arrives: a description is checked field by field before it becomes
// SDP (no line can be injected), and message text is handed to the page as text only.

export const FRAME_LIMIT = 65536; // the smallest max-message-size a browser must accept (RFC 8841)
export const BEAT_MS = 2000;
export const GONE_MS = 10000;
export const GONE_HIDDEN_MS = 75000;
export const GATHER = { settleMs: 250, stunWaitMs: 1500, maxMs: 4000 };

// the descriptions (web/livesdp.mjs), imported with this module's own ?v= so both come from one build
const sdp = await import(`./livesdp.mjs${new URL(import.meta.url).search}`);
export const { MAX_CANDIDATES, PUBLIC_STUN, iceServers, parseCandidate, minimize, check, expand } = sdp;

// --- gathering without trickle ------------------------------------------------------------------

// Resolves {ms, why, seen} once gathering is complete ("complete"), or ``settleMs`` after the last
// usable candidate once one arrived and either a STUN/TURN answer came or no server was asked
// ("settled"), or ``stunWaitMs`` after the first usable candidate while a STUN answer may still
// come ("stun-wait"), or at ``maxMs`` ("timeout"). Call it before setLocalDescription.
function gathering(pc, { settleMs, stunWaitMs, maxMs }, servers) {
  const t0 = performance.now();
  const seen = [];
  return new Promise((resolve) => {
    let first = null;
    let reflexive = false;
    let timer = 0;
    const cap = setTimeout(() => done("timeout"), maxMs);
    const done = (why) => {
      clearTimeout(timer);
      clearTimeout(cap);
      pc.removeEventListener("icecandidate", onCandidate);
      pc.removeEventListener("icegatheringstatechange", onState);
      resolve({ ms: Math.round(performance.now() - t0), why, seen });
    };
    const onState = () => pc.iceGatheringState === "complete" && done("complete");
    const onCandidate = (ev) => {
      if (!ev.candidate || !ev.candidate.candidate) return done("complete");
      const c = parseCandidate(ev.candidate.candidate);
      if (!c || (c.protocol === "tcp" && c.tcptype === "active")) return;
      seen.push(ev.candidate.candidate);
      const now = performance.now();
      if (first === null) first = now;
      if (c.type !== "host") reflexive = true;
      clearTimeout(timer);
      if (reflexive || servers === 0) timer = setTimeout(() => done("settled"), settleMs);
      else timer = setTimeout(() => done("stun-wait"), Math.max(0, first + stunWaitMs - now));
    };
    pc.addEventListener("icecandidate", onCandidate);
    pc.addEventListener("icegatheringstatechange", onState);
  });
}

// --- the peer ---------------------------------------------------------------------------------

export class LivePeer extends EventTarget {
  // options: ice (see iceServers), seat (0 or 1), negotiated (true: channel id 0 on both sides),
  // gather ({settleMs, stunWaitMs, maxMs}), beatMs, goneMs, goneHiddenMs
  constructor(options = {}) {
    super();
    this.seat = options.seat === 1 ? 1 : 0;
    this.servers = iceServers(options.ice);
    this.negotiated = options.negotiated !== false;
    this.passiveAnswer = options.passiveAnswer !== false;
    this.gatherOptions = { ...GATHER, ...(options.gather || {}) };
    this.beatMs = options.beatMs || BEAT_MS;
    this.goneMs = options.goneMs || GONE_MS;
    this.goneHiddenMs = options.goneHiddenMs || GONE_HIDDEN_MS;
    this.state = "new";
    this.presence = "unknown";
    // performance.now() times: the description started, the answer accepted, the channel open
    this.stats = { startedAt: null, acceptedAt: null, openedAt: null, sent: 0, received: 0 };
    this.pc = null;
    this.dc = null;
    this._pings = new Map();
    this._ping = 0;
    this._beat = 0;
    this._seen = 0;
    this._friendHidden = false;
    this._bye = false;
    this._onVisibility = () => this._heartbeat();
    this._onPageHide = () => this._frame("B");
  }

  _set(state) {
    if (this.state === state || this.state === "closed") return;
    if (this.state === "failed" && state !== "closed") return;
    this.state = state;
    if (state === "open") this.stats.openedAt = performance.now();
    this.dispatchEvent(new CustomEvent("state", { detail: { state } }));
    if (state === "open") this._startPresence();
    if (state === "closed" || state === "failed") this._stopPresence(true);
  }

  _connection() {
    if (this.pc) return this.pc;
    const pc = (this.pc = new RTCPeerConnection({ iceServers: this.servers, bundlePolicy: "max-bundle" }));
    pc.addEventListener("connectionstatechange", () => {
      const s = pc.connectionState;
      if (s === "connecting" && this.state !== "open") this._set("connecting");
      else if (s === "failed") this._set("failed");
      else if (s === "disconnected" && this.state === "open") this._set("disconnected");
      else if (s === "connected" && this.state === "disconnected" && this.dc && this.dc.readyState === "open") this._set("open");
    });
    const init = { ordered: true };
    if (this.negotiated) this._channel(pc.createDataChannel("webtabletop", { ...init, negotiated: true, id: 0 }));
    else pc.addEventListener("datachannel", (ev) => this._channel(ev.channel));
    return pc;
  }

  _channel(dc) {
    this.dc = dc;
    dc.addEventListener("open", () => this._set("open"));
    dc.addEventListener("close", () => this._set(this.pc && this.pc.connectionState === "failed" ? "failed" : "closed"));
    dc.addEventListener("message", (ev) => this._receive(ev.data));
  }

  async _describe(kind) {
    const pc = this.pc;
    // an ICE restart on an open channel keeps it open: the states below are for a new one
    const fresh = !(this.dc && this.dc.readyState === "open");
    if (fresh) this._set("gathering");
    const gathered = gathering(pc, this.gatherOptions, this.servers.length);
    this.stats.startedAt = performance.now();
    if (kind === "answer" && this.passiveAnswer) {
      // the answerer takes the DTLS server's role (setup:passive): it then sends nothing but
      // ICE checks until the offerer, holding the answer, starts the handshake, however late
      // the answer reaches it (as active client its handshake gave up after about 220 s)
      const made = await pc.createAnswer();
      await pc.setLocalDescription({ type: "answer", sdp: made.sdp.replace(/^a=setup:active\r?$/gm, "a=setup:passive") });
    } else await pc.setLocalDescription();
    const gather = await gathered;
    const sdp = pc.localDescription.sdp;
    const desc = minimize(sdp, { kind, seat: this.seat, extra: gather.seen });
    if (!desc.candidates.length) {
      if (fresh) this._set("failed");
      throw new Error("live: no network address was found for a direct connection");
    }
    if (this.state === "gathering") this._set("waiting"); // not when checks began meanwhile
    return { desc, gather: { ms: gather.ms, why: gather.why }, sdpBytes: sdp.length };
  }

  // The offer (minimal form) with {gather, sdpBytes}: the creator's side, or a reconnect.
  async offer() {
    if (this.pc) throw new Error("live: this peer has made its description already (restart() or a new peer)");
    if (!this.negotiated) this._channel(this._connection().createDataChannel("webtabletop", { ordered: true }));
    else this._connection();
    return this._describe("offer");
  }

  // The answer to ``offerDesc`` (minimal form): the joiner's side. On a peer that is connected
  // already, the answer to an ICE restart offer.
  async answer(offerDesc) {
    const sdp = expand(offerDesc);
    await this._connection().setRemoteDescription({ type: "offer", sdp });
    return this._describe("answer");
  }

  // The offerer takes the answer (minimal form); the channel opens by itself ("state" events).
  async accept(answerDesc) {
    const pc = this.pc;
    if (!pc || pc.signalingState !== "have-local-offer") throw new Error("live: no offer is waiting for an answer");
    const mid = (pc.localDescription.sdp.match(/^a=mid:(\S+)/m) || [null, "0"])[1];
    this.stats.acceptedAt = performance.now();
    await pc.setRemoteDescription({ type: "answer", sdp: expand(answerDesc, { mid }) });
    if (this.state !== "open") this._set("connecting");
  }

  // A new offer for an ICE restart on this connection (after "disconnected", or to move to a
  // new network); the friend answers it with answer() on its peer, and this side accept()s it.
  async restart() {
    if (!this.pc || this.pc.connectionState === "closed") throw new Error("live: no connection to restart");
    this.pc.restartIce();
    return this._describe("offer");
  }

  // Sends the page's text; false when the channel is not open (the page falls back to links).
  send(text) {
    if (typeof text !== "string" || text.length + 1 > FRAME_LIMIT) throw new TypeError("live: text too long to send");
    return this._frame("L" + text);
  }

  _frame(frame) {
    if (!this.dc || this.dc.readyState !== "open") return false;
    try {
      this.dc.send(frame);
    } catch {
      return false;
    }
    this.stats.sent += 1;
    return true;
  }

  // The round-trip time of a ping, in ms (rejects after ``timeoutMs`` or when not open).
  ping(timeoutMs = 5000) {
    const n = ++this._ping;
    return new Promise((resolve, reject) => {
      const t0 = performance.now();
      const timer = setTimeout(() => this._pings.delete(n) && reject(new Error("live: no answer to the ping")), timeoutMs);
      this._pings.set(n, () => {
        clearTimeout(timer);
        resolve(performance.now() - t0);
      });
      if (!this._frame("P" + n)) {
        clearTimeout(timer);
        this._pings.delete(n);
        reject(new Error("live: the channel is not open"));
      }
    });
  }

  _receive(data) {
    if (typeof data !== "string" || !data.length) return; // only text frames are ours
    this.stats.received += 1;
    this._seen = performance.now();
    const kind = data[0];
    const rest = data.slice(1);
    if (kind === "L") this.dispatchEvent(new CustomEvent("message", { detail: { text: rest } }));
    else if (kind === "H") this._friendHidden = rest === "h";
    else if (kind === "B") this._bye = true;
    else if (kind === "P" && /^\d{1,12}$/.test(rest)) this._frame("Q" + rest);
    else if (kind === "Q") {
      const done = this._pings.get(Number(rest));
      if (done) this._pings.delete(Number(rest)) && done();
    }
    if (kind !== "B") this._bye = false;
    this._presence();
  }

  _heartbeat() {
    this._frame(document.visibilityState === "hidden" ? "Hh" : "Hv");
  }

  _presence() {
    let now = "online";
    const quiet = performance.now() - this._seen;
    if (this._bye || this.state === "closed" || this.state === "failed") now = "gone";
    else if (quiet > (this._friendHidden ? this.goneHiddenMs : this.goneMs)) now = "gone";
    else if (this._friendHidden) now = "away";
    if (now !== this.presence) {
      this.presence = now;
      this.dispatchEvent(new CustomEvent("presence", { detail: { presence: now, quietMs: Math.round(quiet) } }));
    }
  }

  _startPresence() {
    if (this._beat) return;
    this._seen = performance.now();
    this._heartbeat();
    this._beat = setInterval(() => {
      this._heartbeat();
      this._presence();
    }, this.beatMs);
    document.addEventListener("visibilitychange", this._onVisibility);
    addEventListener("pagehide", this._onPageHide);
    this._presence();
  }

  _stopPresence(gone) {
    clearInterval(this._beat);
    this._beat = 0;
    document.removeEventListener("visibilitychange", this._onVisibility);
    removeEventListener("pagehide", this._onPageHide);
    if (gone) this._presence();
  }

  // Ends the connection (the friend sees "gone" at once: a "B" frame goes first).
  close() {
    this._frame("B");
    this._set("closed");
    if (this.dc) this.dc.close();
    if (this.pc) this.pc.close();
  }
}

// --- the answer handed from tab to tab --------------------------------------------------------

const HEX = /^[0-9a-f]{8,64}$/;

// The BroadcastChannel of a match (its id: the match key in hex).
export function channelName(matchId) {
  if (!HEX.test(matchId)) throw new TypeError("live: bad match id");
  return `webtabletop-live:${matchId}`;
}

// In the tab that made the offer: ``onAnswer(answer, link)`` once, for the first answer to the
// offer ``offerId`` (hex, from the engine) that another tab of this browser hands over. Every
// tab that hands one over (the same link 2 opened twice) hears that it was taken. Returns
// {close()}. Answers to another offer are left alone.
export function awaitAnswer(matchId, offerId, onAnswer) {
  const bc = new BroadcastChannel(channelName(matchId));
  let taken = false;
  bc.onmessage = (ev) => {
    const m = ev.data;
    if (!m || m.type !== "answer" || m.offerId !== offerId || typeof m.nonce !== "string") return;
    bc.postMessage({ type: "taken", offerId, nonce: m.nonce });
    if (taken) return;
    taken = true;
    onAnswer(m.answer, typeof m.link === "string" ? m.link : null);
  };
  return { close: () => bc.close() };
}

// In the tab where the friend's link 2 opened: hands ``answer`` (minimal form) for the offer
// ``offerId`` to the tab that made it. Resolves true when that tab took it, false when no tab
// answered within ``waitMs`` (then this tab goes on by itself: by links, or a new offer).
export function handOver(matchId, offerId, answer, { link = null, waitMs = 1500 } = {}) {
  check(answer);
  const bc = new BroadcastChannel(channelName(matchId));
  const nonce = Math.random().toString(36).slice(2);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), waitMs);
    const finish = (taken) => {
      clearTimeout(timer);
      bc.close();
      resolve(taken);
    };
    bc.onmessage = (ev) => {
      const m = ev.data;
      if (m && m.type === "taken" && m.offerId === offerId && m.nonce === nonce) finish(true);
    };
    bc.postMessage({ type: "answer", offerId, nonce, answer, link });
  });
}

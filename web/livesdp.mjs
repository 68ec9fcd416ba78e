// Live play's descriptions (docs/live-play.md): the player's ICE servers, and a WebRTC offer or
// answer reduced to what must travel in a match link and rebuilt on the other side. Imported by
// web/livechannel.mjs (and re-exported there); plain functions, no state.
//
// The minimal form (webrtcHacks, "The minimum viable SDP"; fippo/sdp-minimizer) is the JSON that
// webtabletop.correspondence.live.description reads and writes (from_json / to_json):
//   {kind: "offer"|"answer", seat: 0|1, setup: "actpass"|"active"|"passive", ufrag, pwd,
//    fingerprint: "AB:CD:…" (sha-256, 32 bytes), candidates: [{address, port, type, protocol[, tcptype]}]}
// An address is an IPv4 or IPv6 address or an mDNS name <uuid>.local. check() accepts only
// well-formed values, so expand() can put no line into the SDP but its own.

export const MAX_CANDIDATES = 8;

// Public STUN servers: they only tell each browser its public address; no game data passes
// through them (docs/live-play.md, "What the servers see").
export const PUBLIC_STUN = ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"];

const ICE_CHARS = /^[A-Za-z0-9+/]+$/;
const HEX_FP = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;
const UUID_LOCAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]{2,45}$/; // the browser's own form (lowercase, compressed); no zone id
const TYPES = ["host", "srflx", "prflx", "relay"];
const TCP_TYPES = ["passive", "active", "so"];
const SETUPS = ["actpass", "active", "passive"];
const TYPE_PREF = { host: 126, prflx: 110, srflx: 100, relay: 0 };

// --- ICE servers ------------------------------------------------------------------------------

// The player's setting -> RTCIceServer[]: "default" (or nothing) the public STUN list, "none" no
// server at all (only peers on the same network connect), or the player's own list of
// {urls, username?, credential?} (TURN needs both). Anything else throws a TypeError.
export function iceServers(setting) {
  if (setting === undefined || setting === null || setting === "default") {
    return PUBLIC_STUN.map((urls) => ({ urls }));
  }
  if (setting === "none") return [];
  if (!Array.isArray(setting) || setting.length > 8) throw new TypeError("ICE servers: a list of at most 8");
  return setting.map((s) => {
    const urls = Array.isArray(s && s.urls) ? s.urls : [s && s.urls];
    if (!urls.length || !urls.every((u) => typeof u === "string" && /^(stuns?|turns?):[^\s]+$/.test(u))) {
      throw new TypeError("ICE servers: each URL starts with stun:, stuns:, turn: or turns:");
    }
    const turn = urls.some((u) => u.startsWith("turn"));
    if (turn && !(typeof s.username === "string" && typeof s.credential === "string")) {
      throw new TypeError("ICE servers: a TURN server needs a username and a credential");
    }
    return turn ? { urls, username: s.username, credential: s.credential } : { urls };
  });
}

// --- minimal descriptions ---------------------------------------------------------------------

// An a=candidate value as {address, port, type, protocol[, tcptype]}, or null when it cannot
// travel (another component, an unknown type, a zone id, an address of another form).
export function parseCandidate(text) {
  const f = String(text).replace(/^a=/, "").replace(/^candidate:/, "").trim().split(/\s+/);
  if (f.length < 8 || f[1] !== "1" || f[6] !== "typ") return null;
  const protocol = f[2].toLowerCase();
  const address = f[4].toLowerCase();
  const port = Number(f[5]);
  const type = f[7];
  if (!["udp", "tcp"].includes(protocol) || !TYPES.includes(type)) return null;
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  if (!(IPV4.test(address) || UUID_LOCAL.test(address) || (address.includes(":") && IPV6.test(address)))) {
    return null;
  }
  const out = { address, port, type, protocol };
  if (protocol === "tcp") {
    const i = f.indexOf("tcptype");
    const tcptype = i > 0 ? f[i + 1] : undefined;
    if (!TCP_TYPES.includes(tcptype)) return null;
    out.tcptype = tcptype;
  }
  return out;
}

function attribute(lines, name) {
  const line = lines.find((l) => l.startsWith(`a=${name}:`));
  return line === undefined ? undefined : line.slice(name.length + 3).trim();
}

// The minimal form of a local description (RTCSessionDescription.sdp), with ``extra`` candidate
// strings seen in icecandidate events (a description taken before gathering completed may lack
// some). kind: "offer" | "answer"; seat: the match seat of this browser (0 or 1).
export function minimize(sdp, { kind, seat, extra = [] }) {
  const lines = String(sdp).split(/\r?\n/);
  const fp = attribute(lines, "fingerprint") || "";
  const [algo, hex] = fp.split(/\s+/);
  const desc = {
    kind,
    seat,
    setup: attribute(lines, "setup"),
    ufrag: attribute(lines, "ice-ufrag"),
    pwd: attribute(lines, "ice-pwd"),
    fingerprint: (hex || "").toUpperCase(),
    candidates: [],
  };
  if ((algo || "").toLowerCase() !== "sha-256") throw new Error("live: the browser's DTLS fingerprint is not sha-256");
  const seen = new Set();
  const all = [...lines.filter((l) => l.startsWith("a=candidate:")), ...extra];
  for (const c of all.map(parseCandidate)) {
    const key = c && `${c.protocol} ${c.address} ${c.port}`;
    if (!c || seen.has(key) || (c.protocol === "tcp" && c.tcptype === "active")) continue; // active: port 9
    seen.add(key);
    desc.candidates.push(c);
  }
  // udp first, then by type (host, srflx, relay): what a connection tries first travels first
  const rank = (c) => (c.protocol === "udp" ? 0 : 10) + TYPES.indexOf(c.type);
  desc.candidates = desc.candidates.sort((a, b) => rank(a) - rank(b)).slice(0, MAX_CANDIDATES);
  check(desc);
  return desc;
}

// Throws a TypeError unless ``desc`` is a well-formed minimal description (what expand trusts).
export function check(desc) {
  const bad = (what) => {
    throw new TypeError(`live: bad description (${what})`);
  };
  if (!desc || typeof desc !== "object") bad("not an object");
  if (!["offer", "answer"].includes(desc.kind)) bad("kind");
  if (!SETUPS.includes(desc.setup) || (desc.kind === "offer") !== (desc.setup === "actpass")) bad("setup");
  if (typeof desc.ufrag !== "string" || !ICE_CHARS.test(desc.ufrag) || desc.ufrag.length < 4 || desc.ufrag.length > 32) bad("ufrag");
  if (typeof desc.pwd !== "string" || !ICE_CHARS.test(desc.pwd) || desc.pwd.length < 22 || desc.pwd.length > 64) bad("pwd");
  if (typeof desc.fingerprint !== "string" || !HEX_FP.test(desc.fingerprint)) bad("fingerprint");
  if (!Array.isArray(desc.candidates) || desc.candidates.length > MAX_CANDIDATES) bad("candidates");
  for (const c of desc.candidates) {
    const again = c && parseCandidate(`candidate:1 1 ${c.protocol} 1 ${c.address} ${c.port} typ ${c.type}${c.tcptype ? ` tcptype ${c.tcptype}` : ""}`);
    if (!again || again.address !== c.address || (c.protocol === "udp" && c.tcptype !== undefined)) bad("candidate");
  }
  return desc;
}

// A whole SDP for ``desc`` (checked first): one data-channel m-section, bundled, with every
// candidate and end-of-candidates. ``mid``: the m-section's id; an answer rebuilt by the offerer
// must carry the offer's own mid (pass the local description's), an offer rebuilt by the
// answerer uses "0", what browsers give a lone data channel.
export function expand(desc, { mid = "0" } = {}) {
  check(desc);
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(mid)) throw new TypeError("live: bad mid");
  const session = `${Math.floor(Math.random() * 9e15) + 1e15}`;
  const lines = [
    "v=0",
    `o=- ${session} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    `a=group:BUNDLE ${mid}`,
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
  ];
  desc.candidates.forEach((c, i) => {
    const prio = TYPE_PREF[c.type] * 2 ** 24 + (65535 - i) * 2 ** 8 + 255;
    let line = `a=candidate:${i + 1} 1 ${c.protocol} ${prio} ${c.address} ${c.port} typ ${c.type}`;
    if (c.type !== "host") line += " raddr 0.0.0.0 rport 0"; // RFC 8839: present for these types
    if (c.tcptype) line += ` tcptype ${c.tcptype}`;
    lines.push(line);
  });
  lines.push(
    "a=end-of-candidates",
    `a=ice-ufrag:${desc.ufrag}`,
    `a=ice-pwd:${desc.pwd}`,
    `a=fingerprint:sha-256 ${desc.fingerprint}`,
    `a=setup:${desc.setup}`,
    `a=mid:${mid}`,
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  );
  return lines.join("\r\n") + "\r\n";
}

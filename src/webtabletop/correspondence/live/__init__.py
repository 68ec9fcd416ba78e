"""Live play: the match links' own messages over a WebRTC data channel between the two browsers.

* :mod:`~webtabletop.correspondence.live.description` — the minimal WebRTC offer or answer
  (ICE user fragment and password, the DTLS fingerprint, the setup role, the candidates), its
  JSON form (what ``web/livechannel.mjs`` makes and takes) and its binary layout, which rides in
  a match link as an optional section (:mod:`~webtabletop.correspondence.data`, formats 5 and 6).

Pure: no I/O, no clock, no randomness. The design, the state machine and the measurements are in
``docs/live-play.md``.
"""

# The page's main thread (MicroPython): a thin layer between the DOM and the engine worker.
# It forwards the player's clicks, keys, forms, files and URL changes as actions to the
# worker's dispatch() (drags, drops, hovers and premoves come from web/board.js through
# window.wttSend) and applies the answers (new HTML through web/board.js, which animates it): new HTML for #app, localStorage writes, the URL
# fragment, clipboard, downloads, toasts. All logic lives in src/webtabletop (tested in CPython).
# The engine worker is started by the page's boot script (web/boot-head.js, window.wttEngine);
# until it has answered the start, web/boot.js shows pre-rendered screens and keeps the clicks,
# which this file replays. Its own messages come in the page's language from boot (wttBoot.t).
# Every action sent and every computer move is counted as work for the page's idle signal
# (wttBoot.idle, web/boot.js) from the event that starts it until its answer is applied.
import asyncio
import json

import js

document = js.document
window = js.window
from pyscript.ffi import create_proxy, to_js

APP = document.getElementById("app")
TOAST = document.getElementById("toast")
PREFIX = "webtabletop:"
boot = window.wttBoot
idle = boot.idle
state = {"renders": 0, "engine": None, "live": False, "ai": False, "hover": None, "first": True, "hash": "", "reply_delay": 0.7}
board = window.wttBoard  # web/board.js: drags, premoves, animation, sounds (plain JS)
lock = asyncio.Lock()
latencies = []
window.wttLatencies = to_js([])
window.wttAiStats = to_js([])


_now_text = js.Function.new("return String(Date.now())")


def now():
    # Date.now() as text: MicroPython would wrap a large JS integer to 32 bits
    return float(str(_now_text()))


def snapshot():
    out = {}
    ls = window.localStorage
    for i in range(ls.length):
        k = ls.key(i)
        if k is not None and str(k).startswith(PREFIX):
            out[str(k)] = str(ls.getItem(k))
    return out


def toast(messages, link=None):
    # one message or several (a failed save and the answer's own message are both shown)
    TOAST.innerHTML = ""
    for message in [messages] if isinstance(messages, str) else messages:
        p = document.createElement("p")
        p.textContent = message
        TOAST.appendChild(p)
    if link:
        inp = document.createElement("input")
        inp.value = link
        inp.readOnly = True
        inp.setAttribute("aria-label", boot.t("share-link"))
        inp.className = "link-field"
        TOAST.appendChild(inp)
    close = document.createElement("button")
    close.textContent = "×"
    close.className = "toast-close"
    close.setAttribute("aria-label", boot.t("close"))
    close.setAttribute("data-toast-close", "1")
    TOAST.appendChild(close)
    TOAST.hidden = False
    # messages go away by themselves (a share link stays longer, to be copied by hand)
    state["toast_id"] = state.get("toast_id", 0) + 1
    ticket = state["toast_id"]

    def hide():
        if state["toast_id"] == ticket:
            TOAST.hidden = True

    js.setTimeout(create_proxy(hide), 20000 if link else 7000)


def download(name, text):
    blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}))
    url = js.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = name
    document.body.appendChild(a)
    a.click()
    a.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 5000)


def css_escape(value):
    # every selector built from a value goes through CSS.escape (a preset named 'odd"] name')
    return str(js.CSS.escape(str(value)))


def step(name, fn):
    # one effect of an answer: a failure in it never stops the others (the toast comes last)
    try:
        fn()
    except Exception as exc:
        js.console.error("apply " + name + ": " + str(exc))


def apply_storage(resp):
    # writes in order; the first that fails (a full storage) stops the rest and every removal,
    # so a backup written first always exists before the entry it protects is changed or removed
    ls = window.localStorage
    for w in resp.get("writes", []):
        try:
            ls.setItem(w["key"], w["value"])
        except Exception as exc:
            state["storage_error"] = str(boot.t("save-failed", to_js({"error": str(exc)})))
            return
    for r in resp.get("removes", []):
        kept = r.get("kept_as")
        if kept:
            copy = ls.getItem(kept)
            if copy is None or str(copy) != str(ls.getItem(r["key"])):
                continue  # the copy is not there: keep the original
        ls.removeItem(r["key"])


def apply_html(resp):
    active = document.activeElement
    key = active.getAttribute("data-key") if active and active.getAttribute else None
    meta = {k: resp[k] for k in ("moved", "sound", "feel", "top") if k in resp}
    if "feel" in resp:
        state["reply_delay"] = float(resp["feel"].get("reply_delay", 0.7))
    board.swap(resp["html"], json.dumps(meta))
    if resp.get("top"):
        window.scrollTo(0, 0)  # a new board opens scrolled to its top
    state["rendered"] = window.performance.now()
    state["flag_sent"] = False
    document.title = resp.get("title", "webtabletop")
    document.body.setAttribute("data-route", resp.get("route", ""))
    step("dialog", open_dialog)
    if key:
        step("focus", lambda: restore_focus(key))
    if resp.get("focus"):  # a closed window gives the focus back to the button that opened it
        step("focus", lambda: restore_focus(resp["focus"]))
    step("log", scroll_log)
    if state["first"] and APP.querySelector(".board"):
        state["first"] = False
        window.performance.mark("board-ready")
    step("remember", lambda: boot.remember(resp.get("route", ""), not resp.get("selection")))
    state["renders"] += 1
    document.body.setAttribute("data-renders", str(state["renders"]))
    document.body.setAttribute("data-selection", "1" if resp.get("selection") else "0")
    document.body.setAttribute("data-ready", "1")


_has_share = js.Function.new("return typeof navigator.share === 'function'")


def open_dialog():
    # the Share window (app/widgets/share.py) arrives as a closed <dialog>: show it as a modal (the page
    # behind it is inert, focus stays inside, Esc closes it); the system's share sheet's button
    # shows only where the browser has one
    d = APP.querySelector("dialog.share-dialog")
    if not d:
        return
    if _has_share():
        d.querySelector("[data-native-share]").hidden = False
    d.showModal()


def on_dialog_close(ev):
    # Esc (or the browser) closed the Share window: tell the engine, which re-renders without it
    if ev.target.matches and ev.target.matches("dialog.share-dialog") and APP.contains(ev.target):
        fire({"type": "cmd", "name": "close-share"})


def native_share(el):
    field = el.closest("dialog").querySelector(".share-link")
    data = js.Object.new()
    if field.hasAttribute("data-share-text"):
        data.text = field.value  # several links (a link sent in parts), one per line
    else:
        data.url = field.value
    window.navigator.share(data).catch(create_proxy(lambda e: None))  # cancelled: nothing to do


def restore_focus(key):
    el = APP.querySelector('[data-key="' + css_escape(key) + '"]')
    if el:
        el.focus(to_js({"preventScroll": True}))


def scroll_log():
    # the current move stays in view while stepping: the list scrolls (never the page) so that
    # its row is in the middle of the list's box
    current = APP.querySelector(".log [aria-current]")
    if current:
        log = current.closest(".log")
        row = current.getBoundingClientRect()
        box = log.getBoundingClientRect()
        log.scrollTop = log.scrollTop + (row.top - box.top) - (log.clientHeight - row.height) / 2


def apply_clipboard(text):
    window.navigator.clipboard.writeText(text).catch(create_proxy(lambda e: None))


def language_unavailable(resp):
    boot.setLang(resp["lang"])  # back to the language the engine still speaks
    toast(str(boot.t("language-offline")))


def apply(resp, t0=None):
    state["storage_error"] = None
    step("storage", lambda: apply_storage(resp))
    if "hash" in resp:
        step("hash", lambda: set_hash(resp["hash"]))
    if "html" in resp and not resp.get("quiet"):
        step("html", lambda: apply_html(resp))
    if resp.get("announce"):  # read out once through the page's live region (web/text-mode.js)
        step("announce", lambda: window.wttAnnounce(json.dumps(resp["announce"])))
    if resp.get("part"):  # one part of the screen (the lab's live results): the rest stays
        step("part", lambda: board.part(resp["part"]["id"], resp["part"]["html"]))
    if resp.get("clipboard"):
        step("clipboard", lambda: apply_clipboard(resp["clipboard"]))
    if resp.get("download"):
        step("download", lambda: download(resp["download"]["name"], resp["download"]["text"]))
    if resp.get("lang_unavailable"):
        step("language", lambda: language_unavailable(resp))
    messages = [m for m in (state["storage_error"], resp.get("toast")) if m]
    if messages:
        step("toast", lambda: toast(messages, resp.get("toast_link")))
    if t0 is not None:
        step("latency", lambda: board.frame(t0))  # measured at the first frame of the new position
    if resp.get("lab"):  # start or stop a lab run on the pool of engine workers (web/labpool.mjs)
        step("lab", lambda: boot.lab(json.dumps(resp["lab"])))
    if resp.get("live"):  # live play's channel (web/liveplay.mjs): offers, answers, texts to send
        step("live", lambda: boot.livePlay(json.dumps(resp["live"])))
    if resp.get("bench"):
        window.wttBenchResult = to_js(resp["bench"])
    if resp.get("ai_stats"):
        step("ai-stats", lambda: window.wttAiStats.push(to_js(resp["ai_stats"])))
    if resp.get("then"):  # a follow-up the answer asks for (the Share window's QR code, a review's next step)
        if state["live"]:
            fire(resp["then"])
        else:
            state["then"] = resp["then"]  # asked during the start: sent once the page is live
    if resp.get("ai") and not state["ai"]:
        state["ai"] = True
        idle.work(1)  # the computer's move, until its answer is applied (run_ai ends it)
        document.body.setAttribute("data-ai", "thinking")  # at once: the board takes no move now
        asyncio.create_task(run_ai())


def set_hash(fragment):
    window.history.replaceState(None, "", fragment)
    state["hash"] = str(window.location.hash)
    idle.sawHash()


def engine_failed(exc):
    # the engine itself failed (not a Python error it caught): say so; never leave the spinner
    if state["renders"]:
        toast(str(boot.t("engine-no-answer", to_js({"error": str(exc)}))))
        return
    APP.innerHTML = ""
    section = document.createElement("section")
    section.className = "error-page"
    section.setAttribute("role", "alert")
    h1 = document.createElement("h1")
    h1.textContent = str(boot.t("engine-failed-title"))
    p = document.createElement("p")
    p.textContent = str(boot.t("engine-failed", to_js({"error": str(exc)})))
    home = document.createElement("a")
    home.className = "btn"
    home.href = str(window.location.pathname)
    home.textContent = str(boot.t("games"))
    for el in (h1, p, home):
        section.appendChild(el)
    APP.appendChild(section)
    APP.classList.remove("pre-inert")
    document.body.setAttribute("data-route", "error")
    document.body.setAttribute("data-ready", "1")


async def send(action, t0=None, counted=False, hold_until=None):
    # counted: fire() counted this action as work (the idle signal); it ends when it is applied.
    # hold_until: a performance.now() time before which the answer is not applied (the
    # computer's reply waits until the player's move has been shown for the reply delay)
    action["now"] = now()
    try:
        async with lock:
            try:
                raw = await state["engine"].dispatch(json.dumps(action))
                resp = json.loads(str(raw))
            except Exception as exc:
                engine_failed(exc)
                return
            if hold_until is not None:
                wait = hold_until - window.performance.now()
                if wait > 0:
                    await asyncio.sleep(wait / 1000)
            apply(resp, t0)
    finally:
        if counted:
            idle.work(-1)


async def run_ai():
    # the computer thinks at once, but its move is applied only once the position before it
    # (the player's move) has been on screen for the reply delay (settings: "Computer replies")
    shown = state.get("rendered") or window.performance.now()
    try:
        await asyncio.sleep(0.05)  # let the "thinking" frame paint first
        state["ai"] = False
        await send({"type": "ai"}, None, False, shown + 1000 * state["reply_delay"])
    finally:
        if not state["ai"]:
            document.body.removeAttribute("data-ai")
            board.aiDone()  # a move queued while the computer thought goes now
        idle.work(-1)


def fire(action, t0=None):
    if not state["live"]:
        return  # boot.js keeps what the player does until the engine has started
    idle.work(1)  # counted from the event that sent it (the idle signal never reads an old screen)
    asyncio.create_task(send(action, t0, True))


def on_click(ev):
    target = ev.target
    if target.closest("[data-toast-close]"):
        TOAST.hidden = True
        return
    if target.matches("dialog.share-dialog"):  # a click on the backdrop, outside the window
        fire({"type": "cmd", "name": "close-share"})
        return
    if target.closest("[data-native-share]"):
        native_share(target)  # in the click itself: the browser asks for a user's gesture
        return
    if target.matches(".share-link"):
        target.select()
    activate(target.closest("[data-move],[data-pick],[data-cmd]"))


def activate(el):
    if not el or not APP.contains(el) or el.hasAttribute("disabled"):
        return
    t0 = window.performance.now()
    if el.hasAttribute("data-move"):
        if document.body.getAttribute("data-ai") == "thinking":
            return
        fire({"type": "move", "code": el.getAttribute("data-move")}, t0)
    elif el.hasAttribute("data-pick"):
        if document.body.getAttribute("data-ai") == "thinking":
            return
        fire({"type": "pick", "token": el.getAttribute("data-pick")}, t0)
    else:
        fire({"type": "cmd", "name": el.getAttribute("data-cmd"), "arg": el.getAttribute("data-arg")}, t0)


def on_change(ev):
    el = ev.target
    if el.hasAttribute("data-change"):
        value = ("true" if el.checked else "false") if el.type == "checkbox" else el.value
        fire({"type": "change", "name": el.getAttribute("data-change"), "value": value})
    elif el.hasAttribute("data-import"):
        files = el.files
        if files and files.length:
            idle.work(1)  # reading the file and the answer to it (read_file ends it)
            asyncio.create_task(read_file(files.item(0), el.getAttribute("data-import")))
        el.value = ""  # the same file can be chosen again


async def read_file(f, kind):
    # kind: "image" arrives as a data: URL (the app checks its size and type); anything else as text.
    # The work on_change counted ends here, or when the image has been read (FileReader's callbacks)
    held = True
    try:
        if f.size > 5_000_000:
            toast(str(boot.t("file-too-big")))
            return
        action = {"type": "import", "kind": str(kind or "any"), "name": str(f.name), "size": int(f.size), "mime": str(f.type)}
        if kind == "image":
            if f.size > 262_144:  # the app explains the size limit; no need to read a big file
                action["data"] = None
                await send(action)
                return
            reader = js.FileReader.new()

            def loaded(ev):
                action["data"] = str(reader.result)
                fire(action)
                idle.work(-1)

            reader.onload = create_proxy(loaded)
            reader.onerror = create_proxy(lambda ev: idle.work(-1))
            reader.readAsDataURL(f)
            held = False
            return
        action["text"] = str(await f.text())
        await send(action)
    finally:
        if held:
            idle.work(-1)


def on_submit(ev):
    form = ev.target
    if not form.hasAttribute("data-form"):
        return
    ev.preventDefault()
    data = {}
    els = form.elements
    for i in range(els.length):
        el = els.item(i)
        name = el.getAttribute("name")
        if not name:
            continue
        if el.type == "radio" and not el.checked:
            continue  # a group of radio buttons sends the chosen one's value
        if el.type == "checkbox":
            data[name] = "true" if el.checked else "false"
        else:
            data[name] = str(el.value)
    fire({"type": "form", "name": form.getAttribute("data-form"), "data": data})


KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last", "f": "flip", "u": "undo", "Escape": "deselect"}


def on_key(ev):
    if ev.target.closest and ev.target.closest("dialog"):
        return  # inside a window: its own keys only (Esc closes it through the dialog's close)
    tag = ev.target.tagName
    if tag in ("INPUT", "SELECT", "TEXTAREA"):
        return
    if ev.key in ("Enter", " ") and ev.target.getAttribute("role") == "button" and ev.target.tagName != "BUTTON":
        ev.preventDefault()
        activate(ev.target.closest("[data-move],[data-pick],[data-cmd]"))
        return
    if document.body.getAttribute("data-route") not in ("game", "match", "review"):
        return  # the keys step through a game: the other screens have nothing to step
    if ev.ctrlKey or ev.metaKey or ev.altKey:
        if ev.key == "z":
            ev.preventDefault()
            fire({"type": "cmd", "name": "undo"})
        elif ev.key == "y":
            ev.preventDefault()
            fire({"type": "cmd", "name": "redo"})
        return
    name = KEYS.get(ev.key)
    if name:
        ev.preventDefault()
        fire({"type": "cmd", "name": name})


def on_focus(ev):
    # keyboard focus only: a preview render on a mouse/touch focus would replace the element
    # between pointerdown and pointerup, and the click would be lost
    el = ev.target
    if el and el.matches and el.matches(".share-link"):
        el.select()  # the link is selected as soon as it has the focus, ready to copy
        return
    if not el or not el.getAttribute or not el.matches(":focus-visible"):
        return
    if el.getAttribute("data-drop") and document.body.getAttribute("data-selection") == "1":
        token = el.getAttribute("data-drop")
        if token != state["hover"]:
            state["hover"] = token
            fire({"type": "hover", "token": token})


def send_json(text, t0=None):
    # web/board.js sends drops, hovers, cancels and premoves through here
    fire(json.loads(str(text)), None if t0 is None else float(t0))


window.wttSend = create_proxy(send_json)


def bench(payload):
    # benchmarks only: window.wttBench('{"type": "bench", "seconds": 1}') -> window.wttBenchResult
    fire(json.loads(str(payload)))


window.wttBench = create_proxy(bench)


def tick():
    # count the running clock down between renders; ask the app to check when it reaches zero
    el = APP.querySelector(".clock[data-clock-run='1']")
    if not el:
        return
    left = float(el.getAttribute("data-clock-ms")) - (window.performance.now() - state["rendered"])
    s = max(0, int((left + 999) // 1000))
    el.textContent = str(s // 60) + ":" + ("0" if s % 60 < 10 else "") + str(s % 60)
    low = el.getAttribute("data-clock-low")
    if low:  # a match's clock: low time shows as it comes (the engine's answer says the same)
        el.classList.toggle("low", left < float(low))
    if left <= 0 and not state.get("flag_sent"):
        state["flag_sent"] = True
        fire({"type": "cmd", "name": "clock-check"})


js.setInterval(create_proxy(tick), 250)


def on_hash(ev):
    fire({"type": "hash", "hash": str(window.location.hash)})


def on_storage(ev):
    key = ev.key
    if key is not None and str(key).startswith(PREFIX):
        fire({"type": "storage", "key": str(key), "value": None if ev.newValue is None else str(ev.newValue)})


for name, fn in (("click", on_click), ("change", on_change), ("submit", on_submit), ("keydown", on_key), ("focusin", on_focus)):
    document.addEventListener(name, create_proxy(fn))
document.addEventListener("close", create_proxy(on_dialog_close), True)  # close does not bubble: capture
window.addEventListener("hashchange", create_proxy(on_hash))
window.addEventListener("storage", create_proxy(on_storage))

def switch_language(tag):
    # the engine installs the language's catalog and re-renders the same route and game
    fire({"type": "lang", "tag": str(tag), "hash": str(window.location.hash)})


window.wttLang = create_proxy(switch_language)
window.performance.mark("main-ready")
state["engine"] = window.wttEngine
state["hash"] = str(window.location.hash)
if state["engine"]:
    await send(
        {
            "type": "start",
            "hash": state["hash"],
            "storage": snapshot(),
            "entropy": int(str(boot.entropy)),  # the pre-rendered board's, so the engine starts that game
            "reseed": str(boot.fresh()),
            "lang": str(boot.lang),
            "live_was": str(boot.liveWas()),  # matches live in this tab before a reload
            "base": str(window.location.origin) + str(window.location.pathname),
        }
    )
if state["renders"]:
    while boot.queue.length:  # clicks made on the pre-rendered board, in order
        await send(json.loads(str(boot.queue.shift())), window.performance.now())
    state["live"] = True
    if state.get("then"):
        fire(state.pop("then"))
    boot.ready()
    window.performance.mark("playable")
    if str(window.location.hash) != state["hash"]:
        on_hash(None)  # the address changed while the engine started: show what it names now
elif not state["engine"]:
    engine_failed("no engine worker")
idle.work(-1)  # the start is over (web/boot.js: the idle signal)

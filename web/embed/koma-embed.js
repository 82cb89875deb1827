// <koma-board>: Koma's board as a custom element, for pages without iframes. One script tag
//   <script type="module" src=".../koma-embed.js"></script>
// then any number of <koma-board game="chushogi" sfen="..." moves="..." mode="replay" ...>.
// The wasm loads once per page, as soon as a board is on it; each board mounts when it is
// scrolled into view. Attributes are the iframe's parameters; changing one shows the
// board afresh. Events are DOM CustomEvents on the element (bubbling), their `detail` a plain
// object: koma:ready, koma:move, koma:foul, koma:puzzle, koma:exercise, koma:end.
const base = new URL("./", import.meta.url);
const ATTRIBUTES = [
  "game", "sfen", "setup", "preset", "moves", "ply", "mode", "lang", "flip",
  "marks", "arrows", "caption", "captions", "id", "goal", "par", "reply",
];

let loading = null;
let wasm = null;
/** The styles, the glue and the wasm, asked for at once when the first board is on the page: the
 * wasm compiles while it streams in and while the glue loads (a server that does not send it as
 * `application/wasm` gets the glue's own fallback). */
function koma() {
  loading ??= (async () => {
    const css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = new URL("board.css", base).href;
    const page = document.createElement("link");
    page.rel = "stylesheet";
    page.href = new URL("embed.css", base).href;
    document.head.append(css, page);
    const url = new URL("koma-board_bg.wasm", base);
    const compiled = WebAssembly.compileStreaming(fetch(url)).catch(() => url);
    const m = await import(new URL("koma-board.js", base).href);
    wasm = await m.default({ module_or_path: await compiled });
    return m;
  })();
  return loading;
}

/** Boards mount one a task, the first on the page first (boards that come into view together
 * are not told so in the page's order), and each after the frame that shows the one before:
 * a board is drawn, and can be seen, before the next is built. */
const waiting = new Map();
let turnSet = false;
function nextTurn(board) {
  return new Promise((ok) => {
    waiting.set(board, ok);
    if (!turnSet) {
      turnSet = true;
      setTimeout(giveTurn, 0);
    }
  });
}
function giveTurn() {
  let first = null;
  for (const board of waiting.keys()) {
    if (first === null || board.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) first = board;
  }
  const ok = waiting.get(first);
  waiting.delete(first);
  ok();
  turnSet = waiting.size > 0;
  if (turnSet) afterPaint(giveTurn);
}
/** `f` in a task after the next frame is painted (or after 100 ms, for a page that paints no
 * frames: one in a background tab). */
function afterPaint(f) {
  let set = false;
  const go = () => {
    if (!set) {
      set = true;
      setTimeout(f, 0);
    }
  };
  requestAnimationFrame(go);
  setTimeout(go, 100);
}

class KomaBoard extends HTMLElement {
  static get observedAttributes() {
    return ATTRIBUTES;
  }

  /** The bytes of the page's one wasm memory, shared by every board (0 before it loads). */
  static memoryBytes() {
    return wasm?.memory?.buffer.byteLength ?? 0;
  }

  #handle = null;
  #watch = null;
  #root = null;

  options() {
    const o = {};
    for (const a of ATTRIBUTES) {
      const v = this.getAttribute(a);
      if (v !== null) o[a] = v;
    }
    return o;
  }

  connectedCallback() {
    if (this.#handle || this.#watch) return;
    this.style.display = "block";
    // the board's room is kept before it mounts, so the page does not jump when it does
    if (!this.#root) this.style.aspectRatio = "1 / 1.25";
    // the wasm is fetched and compiled now; the board mounts when it comes near the viewport
    koma().catch(() => {});
    this.#watch = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          this.#watch?.disconnect();
          this.#watch = null;
          this.#mount();
        }
      },
      { rootMargin: "200px" },
    );
    this.#watch.observe(this);
  }

  async #mount() {
    let m;
    try {
      m = await koma();
    } catch (e) {
      this.textContent = `The board could not be loaded: ${e}`;
      return;
    }
    await nextTurn(this);
    if (!this.isConnected || this.#handle) return;
    this.#root = document.createElement("div");
    this.replaceChildren(this.#root);
    this.style.aspectRatio = "";
    this.#handle = m.mount_board(this.#root, this.options(), (type, detail) =>
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true })),
    );
  }

  attributeChangedCallback() {
    this.#handle?.update(this.options());
  }

  disconnectedCallback() {
    this.#watch?.disconnect();
    this.#watch = null;
    this.#handle?.destroy();
    this.#handle = null;
    this.#root?.remove();
    this.#root = null;
  }
}

if (!customElements.get("koma-board")) customElements.define("koma-board", KomaBoard);

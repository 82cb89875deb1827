// The iframe embed (embed.html?game=...&sfen=...&moves=...&mode=...): mounts one board from the
// page's query, reports to the host page with postMessage (each event a plain object with its
// `type`: koma:ready, koma:move, koma:foul, koma:puzzle, koma:exercise, koma:end, koma:resize) and takes
// {type: "koma:set", options: {...}} to show something else. The board and its rules are the
// embedded boards' own wasm (crates/app/src/bin/koma-board.rs, on crates/app/src/embed.rs).
import init, { mount_board, query_options } from "./koma-board.js";

const root = document.getElementById("koma-board");
const toHost = (detail) => {
  if (window.parent !== window) window.parent.postMessage(detail, "*");
};
try {
  await init({ module_or_path: new URL("koma-board_bg.wasm", import.meta.url) });
  let options = query_options(location.search);
  const handle = mount_board(root, options, (_type, detail) => toHost(detail));
  window.addEventListener("message", (e) => {
    const d = e.data;
    if (d && d.type === "koma:set" && d.options && typeof d.options === "object") {
      // only text reaches the board: every option is read as data
      const next = {};
      for (const [k, v] of Object.entries(d.options)) if (typeof v === "string") next[k] = v;
      options = next;
      handle.update(options);
    }
  });
  // the host may size the frame to the board
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height !== last) {
      last = height;
      toHost({ type: "koma:resize", id: options.id ?? "", height });
    }
  }).observe(document.body);
} catch (e) {
  const p = document.createElement("p");
  p.className = "embed-error";
  p.dataset.error = "embed";
  p.textContent = `The board could not be loaded: ${e}`;
  root.replaceChildren(p);
}

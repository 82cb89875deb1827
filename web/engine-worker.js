// The computer opponent's Web Worker (see crates/worker): loads the engine that Trunk built
// and tells the page when it cannot.
importScripts("./koma-worker.js");
wasm_bindgen("./koma-worker_bg.wasm").catch((e) =>
  postMessage({ kind: "failed", message: "the engine could not be loaded: " + e }),
);

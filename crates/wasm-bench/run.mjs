// Perft speed of the rules crate in wasm under node, with the peer haitaka's on standard shogi's
// cases. Usage: node run.mjs <bindings-dir> <cases as JSON>
//
// Each case is first run one ply shallower (the engine compiles wasm in tiers, per function: a
// short case timed cold measures the compiler more than the code), then timed three times; the
// fastest run is reported.
import { createRequire } from "node:module";
import { resolve } from "node:path";

const require = createRequire(import.meta.url);
const dir = resolve(process.argv[2] ?? "../../target/wasm-bench");
const { perft, haitaka_perft, search } = require(`${dir}/koma_wasm_bench.js`);

const cases = JSON.parse(process.argv[3] ?? "[]");
for (const [name, game, sfen, depth, expected] of cases) {
  perft(game, sfen, Math.max(1, depth - 1));
  let s = Infinity;
  let nodes = 0;
  for (let run = 0; run < 3; run++) {
    const t = process.hrtime.bigint();
    nodes = perft(game, sfen, depth);
    s = Math.min(s, Number(process.hrtime.bigint() - t) / 1e9);
  }
  if (nodes !== expected) {
    console.error(`${name}: perft ${depth} gave ${nodes}, expected ${expected}`);
    process.exit(1);
  }
  console.log(`wasm   ${name.padEnd(18)} ${String(depth).padStart(5)} ${String(nodes).padStart(12)} ${s.toFixed(3).padStart(9)} ${Math.round(nodes / s).toString().padStart(14)}`);
  if (game !== "shogi") continue;
  // the peer haitaka on the same position, compiled into the same wasm, timed the same way
  haitaka_perft(sfen, Math.max(1, depth - 1));
  let h = Infinity;
  for (let run = 0; run < 3; run++) {
    const t = process.hrtime.bigint();
    const theirs = haitaka_perft(sfen, depth);
    h = Math.min(h, Number(process.hrtime.bigint() - t) / 1e9);
    if (theirs !== expected) {
      console.error(`${name}: haitaka's perft ${depth} gave ${theirs}, expected ${expected}`);
      process.exit(1);
    }
  }
  console.log(`wasm   ${("haitaka " + name).padEnd(18)} ${String(depth).padStart(5)} ${String(nodes).padStart(12)} ${h.toFixed(3).padStart(9)} ${Math.round(nodes / h).toString().padStart(14)}  (rules/haitaka ${(h / s).toFixed(2)})`);
}

// the engine's search from each game's start, a fixed node count (after a shorter warm-up)
for (const game of ["shogi", "minishogi", "shogi66", "chushogi", "sangoku", "sangoku2"]) {
  search(game, 20000);
  const t = process.hrtime.bigint();
  const nodes = search(game, 300000);
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  console.log(`wasm   ${(game + " search").padEnd(18)} ${"".padStart(5)} ${String(nodes).padStart(12)} ${s.toFixed(3).padStart(9)} ${Math.round(nodes / s).toString().padStart(14)}`);
}

// The mate solver in wasm under node, on the positions of a file (`<group>\t<game>\t<position>`
// a line, as crates/engine/benches/mate_positions.txt), each by a fresh solver stopped after a
// number of positions (wasm has no clock here). Usage:
//   node mate.mjs <bindings-dir> <file> <most positions searched> <table MB> [tsume]
// Prints a line a position (answer, nodes, seconds, nodes a second, the table's bytes and the
// wasm memory's) and one a group (solved, nodes, seconds).
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const require = createRequire(import.meta.url);
const dir = resolve(process.argv[2] ?? "../../target/wasm-bench");
const bindings = require(`${dir}/koma_wasm_bench.js`);
const { mate, memory_bytes } = bindings;
const file = process.argv[3];
const most = Number(process.argv[4] ?? 5e6);
const mb = Number(process.argv[5] ?? 64);
const tsume = process.argv[6] === "tsume";

// a short problem first: the engine compiles wasm in tiers, per function
mate("shogi", "4k4/9/4P4/9/9/9/9/9/9 b G 1", tsume, 1e5, 4);

const memory = () => memory_bytes();
const groups = new Map();
for (const line of readFileSync(file, "utf8").split("\n")) {
  if (!line.trim()) continue;
  const [group, game, sfen] = line.split("\t");
  const t = process.hrtime.bigint();
  const answer = mate(game, sfen, tsume, most, mb);
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  if (answer.startsWith("error")) {
    console.error(`${group}: ${answer}`);
    process.exit(1);
  }
  const nodes = Number(answer.match(/nodes (\d+)/)[1]);
  const table = Number(answer.match(/table (\d+)/)[1]);
  const head = answer.replace(/ nodes.*/, "");
  console.log(`wasm ${group.padEnd(22)} ${head.padEnd(20)} ${String(nodes).padStart(10)} ${s.toFixed(3).padStart(9)} ${Math.round(nodes / s).toString().padStart(8)} table ${(table / 1048576).toFixed(1)} MB memory ${(memory() / 1048576).toFixed(0)} MB`);
  const g = groups.get(group) ?? { n: 0, solved: 0, nodes: 0, s: 0 };
  g.n += 1;
  g.solved += head.startsWith("mate") ? 1 : 0;
  g.nodes += nodes;
  g.s += s;
  groups.set(group, g);
}
for (const [group, g] of groups) {
  console.log(`wasm group ${group}: ${g.solved} of ${g.n} solved, ${g.nodes} nodes, ${g.s.toFixed(3)} s`);
}

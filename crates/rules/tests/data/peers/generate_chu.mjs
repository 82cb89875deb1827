// Differential fixture for Koma: random chu shogi positions and their moves by shogiops.
import { parseSfen, makeSfen } from "shogiops/sfen";
import { makeSquareName, parseUsi } from "shogiops/util";
import { secondLionStepDests } from "shogiops/variant/chushogi";
import { pieceCanPromote, pieceForcePromote } from "shogiops/variant/util";
import { writeFileSync } from "node:fs";

let seed = 20261122;
const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const start = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

function moves(pos) {
  const out = [];
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      const f = makeSquareName(from), t = makeSquareName(to);
      if (pieceCanPromote(pos.rules)(piece, from, to, pos.board.get(to))) {
        out.push(f + t + "+");
        if (!pieceForcePromote(pos.rules)(piece, to)) out.push(f + t);
      } else out.push(f + t);
      if (["lion", "lionpromoted", "eagle", "falcon"].includes(piece.role)) {
        for (const second of secondLionStepDests(pos, from, to)) out.push(f + t + makeSquareName(second));
      }
    }
  }
  return out.sort();
}

const lines = ["# random chu shogi positions and their moves by shogiops 0.18.0 (lishogi rules)"];
let n = 0;
while (n < 400) {
  const pos = parseSfen("chushogi", start).unwrap();
  const plies = rnd(120);
  let ok = true;
  for (let i = 0; i < plies && !pos.isEnd(); i++) {
    const ms = moves(pos);
    if (ms.length === 0) break;
    const m = parseUsi(ms[rnd(ms.length)]);
    if (!m || !pos.isLegal(m)) { ok = false; break; }
    pos.play(m);
  }
  if (!ok || pos.isEnd()) continue;
  lines.push("sfen " + makeSfen(pos));
  lines.push("moves " + moves(pos).join(" "));
  n++;
}
writeFileSync("shogiops_chu.txt", lines.join("\n") + "\n");
console.log("wrote", n);

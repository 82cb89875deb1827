"""cshogi's df-pn (DfPn) on the mate solver's benchmark positions, printed as
`koma bench --mate` prints Koma's: a line a group,
`<group> positions <n> solved <n> nodes <n> seconds <s> nps <n>`. Each position gets a new
solver (its table made in the time measured, as Koma's is) and at most 30 s.

    target/peer-venv/bin/python crates/engine/benches/mate_peer.py crates/engine/benches/mate_positions.txt
"""
import sys
import threading
import time

from cshogi import Board, DfPn


def main(path):
    groups = {}
    for line in open(path, encoding="utf-8"):
        if not line.strip():
            continue
        group, game, sfen = line.rstrip("\n").split("\t")
        if game != "shogi":
            continue
        board = Board(sfen)
        start = time.perf_counter()
        solver = DfPn()
        timer = threading.Timer(30.0, solver.stop)
        timer.start()
        solved = bool(solver.search(board))
        secs = time.perf_counter() - start
        timer.cancel()
        g = groups.setdefault(group, [0, 0, 0, 0.0])
        g[0] += 1
        g[1] += int(solved)
        g[2] += solver.searched_node
        g[3] += secs
    for group, (n, solved, nodes, secs) in groups.items():
        print(f"{group} positions {n} solved {solved} nodes {nodes} seconds {secs:.3f} nps {nodes / max(secs, 1e-9):.0f}")


if __name__ == "__main__":
    main(sys.argv[1])

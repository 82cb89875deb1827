"""Make the differential fixtures from cshogi (PyPI), a C++ shogi library with its own record
writers. Run once; the files it writes are committed and read by tests/peers.rs.

    python3 -m venv /tmp/peer && /tmp/peer/bin/pip install cshogi==1.1.0
    /tmp/peer/bin/python generate.py

- cshogi_legal.txt: random positions (SFEN) with cshogi's legal moves in USI.
- game-N.kif / game-N.csa: random games exported by cshogi's KIF and CSA writers, with
  game-N.usi holding the moves in USI.
"""
import random

import cshogi
import cshogi.CSA
import cshogi.KIF

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
OTHERS = [
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
    "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
]


def random_walk(rng, board, plies):
    played = []
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves or board.is_draw() == cshogi.REPETITION_DRAW:
            break
        m = rng.choice(moves)
        board.push(m)
        played.append(m)
    return played


def main():
    rng = random.Random(20261122)
    with open("cshogi_legal.txt", "w") as out:
        out.write("# random positions and their legal moves, by cshogi %s\n" % getattr(cshogi, "__version__", "1.1.0"))
        for i in range(600):
            board = cshogi.Board(rng.choice([START] * 3 + OTHERS))
            random_walk(rng, board, rng.randrange(0, 160))
            moves = sorted(cshogi.move_to_usi(m) for m in board.legal_moves)
            out.write("sfen %s\nmoves %s\n" % (board.sfen(), " ".join(moves)))
    for n in range(4):
        start = START if n < 2 else OTHERS[n - 2]
        board = cshogi.Board(start)
        played = random_walk(rng, board, rng.randrange(40, 140))
        usi = [cshogi.move_to_usi(m) for m in played]
        board = cshogi.Board(start)
        kif = cshogi.KIF.Exporter("game-%d.kif" % n)
        kif.header(["sente", "gote"], handicap=None if start == START else cshogi.Board(start))
        csa = cshogi.CSA.Exporter("game-%d.csa" % n)
        csa.info(init_board=cshogi.Board(start), names=["sente", "gote"])
        for m in played:
            kif.move(m, sec=1, sec_sum=1)
            csa.move(m, time=1)
            board.push(m)
        kif.end("resign")
        csa.endgame("%TORYO")
        kif.close()
        csa.close()
        with open("game-%d.usi" % n, "w") as f:
            f.write("sfen %s\nmoves %s\n" % (start, " ".join(usi)))


if __name__ == "__main__":
    main()

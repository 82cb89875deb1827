"""Make the mate solver's benchmark positions (mate_positions.txt): sparse tsume-like shogi
positions (the defender's king near its edge, a few attacking pieces near it, pieces in the
attacker's hand, every other piece in the defender's), kept when cshogi's df-pn proves a mate,
a few for each length of its line. Run once; the file is committed so that every run of
`cargo xtask bench --mate` solves the same positions.

    target/peer-venv/bin/python crates/engine/benches/mate_positions.py > crates/engine/benches/mate_positions.txt
"""
import random
import sys

from cshogi import Board, DfPn

TOTAL = {"R": 2, "B": 2, "G": 4, "S": 4, "N": 4, "L": 4, "P": 18}
GROUPS = [(5, 5), (7, 7), (9, 9), (11, 11), (13, 15), (17, 25)]
PER_GROUP = 6


def position(rng):
    board = [["" for _ in range(9)] for _ in range(9)]
    used = {k: 0 for k in TOTAL}
    kr, kf = rng.randrange(0, 2), rng.randrange(0, 9)
    board[kr][kf] = "k"
    for _ in range(rng.randrange(2, 6)):
        letter = rng.choice("RBGSNLP")
        r, f = rng.randrange(0, 4), rng.randrange(0, 9)
        if board[r][f] or used[letter] >= TOTAL[letter]:
            continue
        if letter in "PL" and r == 0 or letter == "N" and r < 2:
            continue
        promoted = letter in "RB" and rng.random() < 0.3
        owner_defender = rng.random() < 0.35
        text = ("+" if promoted else "") + (letter.lower() if owner_defender else letter)
        board[r][f] = text
        used[letter] += 1
    hand = {}
    for letter in "RBGSNLP":
        if rng.random() < 0.35 and used[letter] < TOTAL[letter]:
            hand[letter] = 1
            used[letter] += 1
    rows = []
    for rank in board:
        row, empty = "", 0
        for cell in rank:
            if not cell:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += cell
        rows.append(row + (str(empty) if empty else ""))
    rest = {k: TOTAL[k] - used[k] for k in TOTAL}
    hands = "".join(k for k in hand) + "".join(
        (str(n) if n > 1 else "") + k.lower() for k, n in rest.items() if n > 0
    )
    return "/".join(rows) + " b " + (hands or "-") + " 1"


def main():
    rng = random.Random(20261206)
    found = {g: [] for g in GROUPS}
    while any(len(v) < PER_GROUP for v in found.values()):
        sfen = position(rng)
        board = Board()
        try:
            board.set_sfen(sfen)
        except Exception:
            continue
        if not board.is_ok() or board.is_check():
            continue
        # nor may the defender stand in check with the attacker to move
        if Board(sfen.replace(" b ", " w ")).is_check():
            continue
        solver = DfPn()
        solver.set_max_search_node(300_000)
        if not solver.search(board):
            continue
        plies = len(solver.get_pv(board))
        for g in GROUPS:
            if g[0] <= plies <= g[1] and len(found[g]) < PER_GROUP:
                found[g].append(sfen)
                print(f"{g[0]}-{g[1]}\tshogi\t{sfen}", flush=True)


if __name__ == "__main__":
    sys.exit(main())

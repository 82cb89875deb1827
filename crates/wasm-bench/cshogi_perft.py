"""Perft speed of cshogi (the C++ shogi library on PyPI), the peer named by the rules issue.

Every leaf move is played (push and pop), as Koma's perft does. Usage:
python cshogi_perft.py '<json list of [name, game, sfen, depth, expected]>'
"""
import json
import sys
import time

import cshogi


def perft(board, depth):
    if depth == 1:
        n = 0
        for m in board.legal_moves:
            board.push(m)
            board.pop()
            n += 1
        return n
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


def main():
    for name, game, sfen, depth, expected in json.loads(sys.argv[1]):
        if game != "shogi":
            continue
        board = cshogi.Board()
        board.set_sfen(sfen)
        t = time.perf_counter()
        nodes = perft(board, depth)
        s = time.perf_counter() - t
        if nodes != expected:
            sys.exit(f"cshogi {name}: perft {depth} gave {nodes}, expected {expected}")
        print(f"cshogi {name:<18} {depth:>5} {nodes:>12} {s:>9.3f} {nodes / s:>14.0f}")


if __name__ == "__main__":
    main()

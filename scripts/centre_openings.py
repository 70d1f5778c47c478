#!/usr/bin/env python3
"""Moves an opening file's openings to a bigger board: every stone `shift` columns right and
`shift` rows up, so openings made around h8 of a 15x15 board sit around the centre of the
bigger one (shift 3: k11 of 20x20). Writes the new file, with a header saying how it was made,
to standard output.

    python3 scripts/centre_openings.py tests/data/openings_freestyle15.txt 20 3 \
        > tests/data/openings_freestyle20_centred.txt
"""
import sys

COLUMNS = "abcdefghijklmnopqrstuv"


def shifted(move, shift):
    return COLUMNS[COLUMNS.index(move[0]) + shift] + str(int(move[1:]) + shift)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: centre_openings.py OPENINGS_FILE NEW_SIZE SHIFT")
    path, size, shift = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    name = path.split("/")[-1]
    print(f"# The openings of {name} moved {shift} columns right and {shift} rows up, onto a "
          f"{size}x{size} board.")
    print(f"# Made by: python3 scripts/centre_openings.py {path} {size} {shift}")
    for line in open(path, encoding="utf-8"):
        if not line.startswith("id="):
            continue
        fields = dict(f.split("=", 1) for f in line.strip().split(";") if "=" in f)
        moves = [shifted(m, shift) for m in fields["moves"].split(",")]
        if any(COLUMNS.index(m[0]) >= size or int(m[1:]) > size for m in moves):
            sys.exit(f"{fields['id']}: a stone falls off a {size}x{size} board")
        print(f"id={fields['id']}_{size};rule={fields.get('rule', 'freestyle')};size={size};"
              f"moves={','.join(moves)};source=shifted from {fields['id']}")


if __name__ == "__main__":
    main()

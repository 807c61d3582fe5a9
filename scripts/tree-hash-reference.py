#!/usr/bin/env python3
"""Reference implementation of the tree hash (docs/format.md, "The tree hash").

Written from the specification alone, apart from the Swift code, to print
the test vectors in docs/format.md and Tests/UDFJSONTests/StateTreeHashTests.
Usage: scripts/tree-hash-reference.py 'JSON' ...  (one hash per argument)
"""
import json
import sys

M = (1 << 64) - 1
K1, K2, K3 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
NULL, FALSE, TRUE, NUMBER, STRING, ARRAY, OBJECT = range(1, 8)


class Literal(str):
    """A number kept as its literal text."""


def mix(x):
    x ^= x >> 30
    x = (x * K2) & M
    x ^= x >> 27
    x = (x * K3) & M
    x ^= x >> 31
    return x


def leaf(tag, data=b""):
    h = ((tag * K1) & M) ^ len(data)
    for start in range(0, len(data), 8):
        w = int.from_bytes(data[start:start + 8].ljust(8, b"\0"), "little")
        h = ((h ^ w) * K2) & M
        h ^= h >> 32
    return mix(h)


def container(tag, count, total):
    return mix((total + mix(((tag * K1) & M) ^ count)) & M)


def tree_hash(value):
    if value is None:
        return leaf(NULL)
    if value is True:
        return leaf(TRUE)
    if value is False:
        return leaf(FALSE)
    if isinstance(value, Literal):
        return leaf(NUMBER, value.encode())
    if isinstance(value, str):
        return leaf(STRING, value.encode("utf-8", "surrogatepass"))
    if isinstance(value, list):
        total = 0
        for index, element in enumerate(value):
            total += mix(tree_hash(element) ^ mix(((index + 1) * K3) & M))
        return container(ARRAY, len(value), total & M)
    total = 0
    for key, member in value.items():
        total += mix((mix(leaf(STRING, key.encode()) ^ K2) + tree_hash(member)) & M)
    return container(OBJECT, len(value), total & M)


if __name__ == "__main__":
    for text in sys.argv[1:]:
        parsed = json.loads(text, parse_int=Literal, parse_float=Literal)
        print(f"{tree_hash(parsed):016x}  {text}")

#!/usr/bin/env python3
"""Writes UTS46Tables.swift beside this file: the data BrowserURL's UTS #46 (UTS46.swift) and its NFC
(Normalization.swift) read, at one Unicode version, for every platform; and the same tables for the Java
engine (android/src/main/resources/dev/bridge/url/uts46.bin, read by UTS46Tables.java), so the two engines
map hosts from one run of one generator.

Inputs (pinned: the tables are only as new as these):
  idna 3.19          (PyPI) uts46data.py, the UTS #46 IDNA Mapping Table, and idnadata.py's Joining_Type,
                     both at Unicode 17.0.0
  unicodedata2 17.0.1 (PyPI) the Unicode 17.0.0 character database: Bidi_Class, General_Category,
                     Canonical_Combining_Class and canonical decompositions

Run it in a virtual environment that has both:
  python3 -m venv /tmp/uts46 && /tmp/uts46/bin/pip install idna==3.19 unicodedata2==17.0.1
  /tmp/uts46/bin/python Sources/BrowserURL/UTS46Data/generate.py

The tables are sorted arrays of packed integers, searched by binary search: compact in the binary,
no start-up work, and the same bytes on every platform.
"""
import os
import sys
from importlib import metadata

import idna
import idna.idnadata
import idna.uts46data
import unicodedata2 as ucd

UNICODE_VERSION = "17.0.0"
if idna.idnadata.__version__ != UNICODE_VERSION or idna.uts46data.__version__ != UNICODE_VERSION:
    sys.exit(f"idna {idna.__version__} carries Unicode {idna.uts46data.__version__}; install idna==3.19")
if ucd.unidata_version != UNICODE_VERSION:
    sys.exit(f"unicodedata2 carries Unicode {ucd.unidata_version}; install unicodedata2==17.0.1")

MAX = 0x110000
SURROGATES = range(0xD800, 0xE000)


def chunks(values, per_line, fmt):
    out = []
    for i in range(0, len(values), per_line):
        out.append("        " + ", ".join(fmt(v) for v in values[i:i + per_line]) + ",")
    return "\n".join(out)


def array(name, element, values, per_line=8, fmt=lambda v: f"0x{v:X}", doc=""):
    return (f"    /// {doc}\n" if doc else "") + \
        f"    static let {name}: [{element}] = [\n{chunks(values, per_line, fmt)}\n    ]\n"


# 1. The IDNA Mapping Table: ranges of code points with one status and one replacement each.
STATUS = {ord("V"): 0, ord("M"): 1, ord("I"): 2, ord("D"): 3, ord("X"): 4}
starts = list(idna.uts46data.uts46_starts)
statuses = list(idna.uts46data.uts46_statuses)
replacements = list(idna.uts46data.uts46_replacements)
mapping_starts, mapping_values, pool, pool_index = [], [], [], {}
for start, status, replacement in zip(starts, statuses, replacements):
    code = STATUS[status]
    offset, length = 0, 0
    if code == 1:
        scalars = [ord(c) for c in replacement or ""]
        key = tuple(scalars)
        if key not in pool_index:
            pool_index[key] = len(pool)
            pool.extend(scalars)
        offset, length = pool_index[key], len(scalars)
        assert length < 32
    elif code == 2:
        assert not replacement
    assert offset < (1 << 24)
    mapping_starts.append(start)
    mapping_values.append(code << 29 | length << 24 | offset)

# 2. Bidi_Class, in the classes RFC 5893 names (anything else is "other").
BIDI = {"L": 1, "R": 2, "AL": 3, "AN": 4, "EN": 5, "ES": 6, "CS": 7, "ET": 8, "ON": 9, "BN": 10, "NSM": 11}


def runs(value_of):
    """[(start, value)] for each run of equal values over every code point."""
    out, previous = [], None
    for cp in range(MAX):
        value = value_of(cp)
        if value != previous:
            out.append((cp, value))
            previous = value
    return out


def char(cp):
    return chr(cp) if cp not in SURROGATES else None


bidi_runs = runs(lambda cp: BIDI.get(ucd.bidirectional(chr(cp)), 0) if cp not in SURROGATES else 0)
bidi = [start << 4 | value for start, value in bidi_runs]

# 3. General_Category Mark (Mn, Mc, Me): a label must not begin with one.
mark_runs = runs(lambda cp: cp not in SURROGATES and ucd.category(chr(cp)).startswith("M"))
marks = [start << 1 | int(value) for start, value in mark_runs]

# 4. Joining_Type (RFC 5892 Appendix A.1): L, D, R, T; the rest do not matter to CONTEXTJ.
JOINING = {"L": 1, "D": 2, "R": 3, "T": 4}
joining_of = {}
for kind, packed_ranges in idna.idnadata.joining_types.items():
    if kind not in JOINING:
        continue
    for packed in packed_ranges:
        for cp in range(packed >> 32, packed & 0xFFFFFFFF):
            joining_of[cp] = JOINING[kind]
joining = [start << 3 | value for start, value in runs(lambda cp: joining_of.get(cp, 0))]

# 5. NFC: Canonical_Combining_Class, full canonical decompositions (Hangul syllables are algorithmic)
#    and the primary composites (a pair that NFC composes, composition exclusions left out).
ccc = [start << 8 | value for start, value in runs(lambda cp: ucd.combining(chr(cp)) if cp not in SURROGATES else 0)]
HANGUL = range(0xAC00, 0xD7A4)
decomposition_keys, decomposition_values, decomposition_pool = [], [], []
composition_keys, composition_values = [], []
for cp in range(MAX):
    if cp in SURROGATES or cp in HANGUL:
        continue
    full = ucd.normalize("NFD", chr(cp))
    if full != chr(cp):
        scalars = [ord(c) for c in full]
        assert len(scalars) < 8
        decomposition_keys.append(cp)
        decomposition_values.append(len(decomposition_pool) << 3 | len(scalars))
        decomposition_pool.extend(scalars)
    mapping = ucd.decomposition(chr(cp))
    if mapping and not mapping.startswith("<"):
        parts = [int(p, 16) for p in mapping.split()]
        if len(parts) == 2 and ucd.normalize("NFC", chr(parts[0]) + chr(parts[1])) == chr(cp):
            composition_keys.append(parts[0] << 21 | parts[1])
            composition_values.append(cp)
order = sorted(range(len(composition_keys)), key=lambda i: composition_keys[i])
composition_keys = [composition_keys[i] for i in order]
composition_values = [composition_values[i] for i in order]
# The first code point whose NFC_Quick_Check is not Yes or whose combining class is not 0: text below it
# is NFC as it is.
seconds = {key & 0x1FFFFF for key in composition_keys}


def needs_normalizing(cp):
    """True unless NFC keeps cp as it is whatever surrounds it: NFC_Quick_Check=Yes and combining class 0."""
    hangul_second = 0x1161 <= cp <= 0x1175 or 0x11A8 <= cp <= 0x11C2  # a Hangul vowel or trailing consonant
    return cp not in SURROGATES and (ucd.combining(chr(cp)) != 0 or cp in seconds or hangul_second
                                     or ucd.normalize("NFC", chr(cp)) != chr(cp))


quick_check = [start << 1 | int(value) for start, value in runs(needs_normalizing)]
nfc_boundary = quick_check[1] >> 1

swift = f"""// UTS46Tables.swift: the Unicode {UNICODE_VERSION} data UTS46.swift and Normalization.swift read.
// GENERATED by generate.py beside this file from idna {idna.__version__} (UTS #46's IDNA Mapping Table and
// Joining_Type) and unicodedata2 {metadata.version('unicodedata2')} (Bidi_Class, General_Category, combining classes,
// canonical decompositions); edit the generator, not this file. Each table is a sorted array of packed
// integers searched by binary search (UTS46Tables.search).

enum UTS46Tables {{
    /// The Unicode version of every table here.
    static let unicodeVersion = "{UNICODE_VERSION}"

{array("mappingStarts", "UInt32", mapping_starts, doc="The first code point of each range of the IDNA Mapping Table.")}
{array("mappingValues", "UInt32", mapping_values, doc="Each range's status << 29 | replacement length << 24 | replacement offset in mappingPool; status 0 valid, 1 mapped, 2 ignored, 3 deviation, 4 disallowed.")}
{array("mappingPool", "UInt32", pool, doc="The replacements' code points.")}
{array("bidiRuns", "UInt32", bidi, doc="start << 4 | Bidi_Class for each run (BidiClass's raw values; 0: a class RFC 5893 does not name).")}
{array("markRuns", "UInt32", marks, doc="start << 1 | 1 where a run of General_Category Mark starts, | 0 where one ends.")}
{array("joiningRuns", "UInt32", joining, doc="start << 3 | Joining_Type for each run (1 L, 2 D, 3 R, 4 T, 0 any other).")}
{array("combiningClassRuns", "UInt32", ccc, doc="start << 8 | Canonical_Combining_Class for each run.")}
{array("decompositionKeys", "UInt32", decomposition_keys, doc="Code points with a canonical decomposition (Hangul syllables aside).")}
{array("decompositionValues", "UInt32", decomposition_values, doc="offset in decompositionPool << 3 | length of each one's full canonical decomposition.")}
{array("decompositionPool", "UInt32", decomposition_pool, doc="The full canonical decompositions' code points.")}
{array("compositionKeys", "UInt64", composition_keys, doc="first << 21 | second for each pair NFC composes.")}
{array("compositionValues", "UInt32", composition_values, doc="The composite of each pair.")}
{array("quickCheckRuns", "UInt32", quick_check, doc="start << 1 | 1 where a run of code points NFC may change or combine starts, | 0 where one ends: text with none of them is NFC as it is.")}
    /// Text of code points below this is NFC as it is.
    static let nfcBoundary: UInt32 = 0x{nfc_boundary:X}
}}
"""
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "UTS46Tables.swift")
with open(path, "w") as f:
    f.write(swift)
# The Java engine's copy: a magic, the Unicode version, then each table in the order above as a count and its
# values (big-endian 32-bit; compositionKeys 64-bit), and the NFC boundary.
import struct
java_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "android", "src", "main", "resources",
                         "dev", "bridge", "url", "uts46.bin")
os.makedirs(os.path.dirname(java_path), exist_ok=True)
with open(java_path, "wb") as f:
    f.write(b"UTS46\0")
    version = UNICODE_VERSION.encode()
    f.write(struct.pack(">H", len(version)) + version)
    for table in (mapping_starts, mapping_values, pool, bidi, marks, joining, ccc, decomposition_keys, decomposition_values,
                  decomposition_pool):
        f.write(struct.pack(f">i{len(table)}I", len(table), *table))
    f.write(struct.pack(f">i{len(composition_keys)}Q", len(composition_keys), *composition_keys))
    for table in (composition_values, quick_check):
        f.write(struct.pack(f">i{len(table)}I", len(table), *table))
    f.write(struct.pack(">I", nfc_boundary))
print(f"{path}: {len(mapping_starts)} mapping ranges, {len(pool)} replacement code points, {len(bidi)} Bidi runs, "
      f"{len(marks)} mark runs, {len(joining)} joining runs, {len(ccc)} combining-class runs, "
      f"{len(quick_check)} quick-check runs, {len(decomposition_keys)} decompositions, {len(composition_keys)} compositions, NFC boundary U+{nfc_boundary:04X}")

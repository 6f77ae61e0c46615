// UTS46Tables.java: the Unicode data UTS46.java and Normalization.java read, loaded once from uts46.bin,
// which Sources/BrowserURL/UTS46Data/generate.py writes in the same run as the Swift engine's
// UTS46Tables.swift, from the same pinned Unicode data: the two engines map hosts alike by construction.
// A resource, not Java source: a class's static initializer is limited to 64 KB of bytecode.
package dev.bridge.url;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;

final class UTS46Tables {
    static final String unicodeVersion;
    static final int[] mappingStarts, mappingValues, mappingPool, bidiRuns, markRuns, joiningRuns, combiningClassRuns;
    static final int[] decompositionKeys, decompositionValues, decompositionPool, compositionValues, quickCheckRuns;
    static final long[] compositionKeys;
    static final int nfcBoundary;

    static {
        InputStream stream = UTS46Tables.class.getResourceAsStream("uts46.bin");
        if (stream == null) throw new IllegalStateException("uts46.bin is not beside UTS46Tables in the jar");
        try (DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(stream))) {
            byte[] magic = new byte[6];
            in.readFully(magic);
            if (!new String(magic, "US-ASCII").equals("UTS46\0")) throw new IllegalStateException("uts46.bin: not the tables");
            byte[] version = new byte[in.readUnsignedShort()];
            in.readFully(version);
            unicodeVersion = new String(version, "US-ASCII");
            mappingStarts = ints(in); mappingValues = ints(in); mappingPool = ints(in); bidiRuns = ints(in); markRuns = ints(in);
            joiningRuns = ints(in); combiningClassRuns = ints(in); decompositionKeys = ints(in); decompositionValues = ints(in);
            decompositionPool = ints(in);
            compositionKeys = new long[in.readInt()];
            for (int i = 0; i < compositionKeys.length; i++) compositionKeys[i] = in.readLong();
            compositionValues = ints(in); quickCheckRuns = ints(in);
            nfcBoundary = in.readInt();
        } catch (IOException e) {
            throw new IllegalStateException("uts46.bin cannot be read", e);
        }
    }

    private static int[] ints(DataInputStream in) throws IOException {
        int[] table = new int[in.readInt()];
        for (int i = 0; i < table.length; i++) table[i] = in.readInt();
        return table;
    }

    private UTS46Tables() {}

    /** The index of the last element of `table` (sorted, unsigned) that is at most `key`; -1 when none is. */
    static int lastIndex(int[] table, long key) {
        int low = 0, high = table.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if ((table[middle] & 0xFFFFFFFFL) <= key) low = middle + 1; else high = middle;
        }
        return low - 1;
    }

    static int lastIndex(long[] table, long key) {
        int low = 0, high = table.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (table[middle] <= key) low = middle + 1; else high = middle;
        }
        return low - 1;
    }
}

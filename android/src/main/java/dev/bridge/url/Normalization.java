// Normalization.java: Unicode Normalization Form C (UAX #15) over code points, for UTS #46, on the generated
// tables (UTS46Tables): not java.text.Normalizer, whose Unicode version is the JDK's, where the mapping must
// be one Unicode version on every device. The same algorithm as the Swift engine's Normalization.swift:
// full canonical decomposition (Hangul algorithmically), canonical ordering, canonical composition.
package dev.bridge.url;

import java.util.Arrays;

final class Normalization {
    private static final int S_BASE = 0xAC00, L_BASE = 0x1100, V_BASE = 0x1161, T_BASE = 0x11A7;
    private static final int L_COUNT = 19, V_COUNT = 21, T_COUNT = 28, N_COUNT = V_COUNT * T_COUNT, S_COUNT = L_COUNT * N_COUNT;

    private Normalization() {}

    static int combiningClass(int cp) {
        if (cp < 0x300) return 0;
        int[] table = UTS46Tables.combiningClassRuns;
        return table[UTS46Tables.lastIndex(table, (long) cp << 8 | 0xFF)] & 0xFF;
    }

    /** False when NFC keeps `cp` as it is whatever surrounds it (NFC_Quick_Check Yes, combining class 0). */
    static boolean mayChange(int cp) {
        if (cp < UTS46Tables.nfcBoundary) return false;
        int[] runs = UTS46Tables.quickCheckRuns;
        return (runs[UTS46Tables.lastIndex(runs, (long) cp << 1 | 1)] & 1) == 1;
    }

    static boolean isNFC(int[] text) {
        return Arrays.equals(nfc(text), text);
    }

    static int[] nfc(int[] text) {
        boolean any = false;
        for (int cp : text) if (mayChange(cp)) { any = true; break; }
        if (!any) return text;
        IntList buffer = decompose(text);
        orderCanonically(buffer);
        return compose(buffer);
    }

    private static IntList decompose(int[] text) {
        IntList out = new IntList(text.length + 8);
        for (int cp : text) {
            if (cp < 0xC0) {
                out.add(cp);
            } else if (cp - S_BASE >= 0 && cp - S_BASE < S_COUNT) {
                int index = cp - S_BASE;
                out.add(L_BASE + index / N_COUNT);
                out.add(V_BASE + (index % N_COUNT) / T_COUNT);
                if (index % T_COUNT != 0) out.add(T_BASE + index % T_COUNT);
            } else {
                int[] keys = UTS46Tables.decompositionKeys;
                int i = UTS46Tables.lastIndex(keys, cp);
                if (i >= 0 && keys[i] == cp) {
                    int value = UTS46Tables.decompositionValues[i];
                    int offset = value >>> 3, length = value & 7;
                    for (int k = 0; k < length; k++) out.add(UTS46Tables.decompositionPool[offset + k]);
                } else {
                    out.add(cp);
                }
            }
        }
        return out;
    }

    private static void orderCanonically(IntList text) {
        for (int i = 1; i < text.size; i++) {
            int cp = text.values[i];
            int cc = combiningClass(cp);
            if (cc == 0) continue;
            int j = i;
            while (j > 0 && combiningClass(text.values[j - 1]) > cc) {
                text.values[j] = text.values[j - 1];
                j--;
            }
            text.values[j] = cp;
        }
    }

    /** The primary composite of `first` and `second`, or -1. */
    private static int composite(int first, int second) {
        if (first - L_BASE >= 0 && first - L_BASE < L_COUNT && second - V_BASE >= 0 && second - V_BASE < V_COUNT) {
            return S_BASE + ((first - L_BASE) * V_COUNT + (second - V_BASE)) * T_COUNT;
        }
        if (first - S_BASE >= 0 && first - S_BASE < S_COUNT && (first - S_BASE) % T_COUNT == 0
                && second - T_BASE - 1 >= 0 && second - T_BASE - 1 < T_COUNT - 1) {
            return first + (second - T_BASE);
        }
        long key = (long) first << 21 | second;
        long[] keys = UTS46Tables.compositionKeys;
        int i = UTS46Tables.lastIndex(keys, key);
        return i >= 0 && keys[i] == key ? UTS46Tables.compositionValues[i] : -1;
    }

    private static int[] compose(IntList buffer) {
        int[] text = buffer.values;
        if (buffer.size == 0) return new int[0];
        int starter = 0;
        int lastClass = combiningClass(text[0]) == 0 ? 0 : 256;
        int written = 1;
        for (int read = 1; read < buffer.size; read++) {
            int cp = text[read];
            int cc = combiningClass(cp);
            if ((lastClass < cc || lastClass == 0) && (cc != 0 || mayChange(cp))) {
                int composed = composite(text[starter], cp);
                if (composed >= 0) {
                    text[starter] = composed;
                    continue;
                }
            }
            if (cc == 0) starter = written;
            lastClass = cc;
            text[written++] = cp;
        }
        return Arrays.copyOf(text, written);
    }

    /** A growable array of code points. */
    static final class IntList {
        int[] values;
        int size;

        IntList(int capacity) { values = new int[Math.max(capacity, 4)]; }

        void add(int value) {
            if (size == values.length) values = Arrays.copyOf(values, size * 2);
            values[size++] = value;
        }

        int[] toArray() { return Arrays.copyOf(values, size); }
    }
}

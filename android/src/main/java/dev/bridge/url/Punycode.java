// Punycode.java: RFC 3492's encoder and decoder over code points, as the Swift engine's Punycode.swift (a
// delimiter at a label's start is read as a digit, which it is not: RFC 3492 §6.2 consumes the last
// delimiter only after one or more basic code points).
package dev.bridge.url;

final class Punycode {
    private static final int BASE = 36, T_MIN = 1, T_MAX = 26, SKEW = 38, DAMP = 700, INITIAL_BIAS = 72, INITIAL_N = 128;

    private Punycode() {}

    private static int adapt(int delta, int numPoints, boolean firstTime) {
        delta = firstTime ? delta / DAMP : delta / 2;
        delta += delta / numPoints;
        int k = 0;
        while (delta > ((BASE - T_MIN) * T_MAX) / 2) {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        return k + (BASE - T_MIN + 1) * delta / (delta + SKEW);
    }

    private static char digit(int d) { return (char) (d < 26 ? 'a' + d : '0' + d - 26); }

    /** The encoding of `input`, or null when a number overflows. */
    static String encode(int[] input) {
        StringBuilder out = new StringBuilder();
        int basic = 0;
        for (int cp : input) if (cp < 0x80) { out.append((char) cp); basic++; }
        int handled = basic;
        if (basic > 0) out.append('-');
        long n = INITIAL_N, delta = 0;
        int bias = INITIAL_BIAS;
        while (handled < input.length) {
            long m = Long.MAX_VALUE;
            for (int cp : input) if (cp >= n && cp < m) m = cp;
            try {
                delta = Math.addExact(delta, Math.multiplyExact(m - n, (long) handled + 1));
            } catch (ArithmeticException overflow) {
                return null;
            }
            n = m;
            for (int cp : input) {
                if (cp < n) delta++;
                if (cp == n) {
                    long q = delta;
                    for (int k = BASE; ; k += BASE) {
                        int t = k <= bias ? T_MIN : (k >= bias + T_MAX ? T_MAX : k - bias);
                        if (q < t) break;
                        out.append(digit((int) (t + (q - t) % (BASE - t))));
                        q = (q - t) / (BASE - t);
                    }
                    out.append(digit((int) q));
                    bias = adapt((int) Math.min(delta, Integer.MAX_VALUE), handled + 1, handled == basic);
                    delta = 0;
                    handled++;
                }
            }
            delta++;
            n++;
        }
        return out.toString();
    }

    private static int digitValue(int cp) {
        if (cp >= 'a' && cp <= 'z') return cp - 'a';
        if (cp >= 'A' && cp <= 'Z') return cp - 'A';
        if (cp >= '0' && cp <= '9') return cp - '0' + 26;
        return -1;
    }

    /** The decoding of `input[from..<to]`, or null when it is not Punycode. */
    static int[] decode(int[] input, int from, int to) {
        Normalization.IntList output = new Normalization.IntList(to - from);
        int delimiter = -1;
        for (int i = to - 1; i >= from; i--) if (input[i] == '-') { delimiter = i; break; }
        if (delimiter >= 0) {
            for (int i = from; i < delimiter; i++) {
                if (input[i] >= 0x80) return null;
                output.add(input[i]);
            }
        }
        int position = delimiter >= 0 ? (delimiter > from ? delimiter + 1 : from) : from;
        long n = INITIAL_N, i = 0;
        int bias = INITIAL_BIAS;
        final long limit = Integer.MAX_VALUE;
        while (position < to) {
            long oldI = i, w = 1;
            for (int k = BASE; ; k += BASE) {
                if (position >= to) return null;
                int digit = digitValue(input[position++]);
                if (digit < 0) return null;
                if (digit > (limit - i) / w) return null;
                i += digit * w;
                int t = k <= bias ? T_MIN : (k >= bias + T_MAX ? T_MAX : k - bias);
                if (digit < t) break;
                if (w > limit / (BASE - t)) return null;
                w *= BASE - t;
            }
            int count = output.size + 1;
            bias = adapt((int) (i - oldI), count, oldI == 0);
            if (i / count > limit - n) return null;
            n += i / count;
            i %= count;
            if (n > 0x10FFFF || (n >= 0xD800 && n <= 0xDFFF)) return null;
            output.add(0);
            System.arraycopy(output.values, (int) i, output.values, (int) i + 1, output.size - 1 - (int) i);
            output.values[(int) i] = (int) n;
            i++;
        }
        return output.toArray();
    }
}

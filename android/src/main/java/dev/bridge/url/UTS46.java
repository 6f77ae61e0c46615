// UTS46.java: Unicode ToASCII (UTS #46 §4, §4.2) with the options the URL Standard's "domain to ASCII" passes
// when beStrict is false: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength false; CheckBidi and
// CheckJoiners true; Nontransitional_Processing; IgnoreInvalidPunycode false. The Swift engine's UTS46.swift,
// step for step, on the same generated tables: not java.net.IDN, which is IDNA2003 (faß.de → fass.de).
package dev.bridge.url;

import java.util.ArrayList;
import java.util.List;

final class UTS46 {
    private UTS46() {}

    static String toASCII(int[] domain) throws IDNAProblem.Failure {
        // 1. Map.
        Normalization.IntList mapped = new Normalization.IntList(domain.length);
        for (int cp : domain) map(cp, mapped);
        // 2. Normalize.
        int[] text = Normalization.nfc(mapped.toArray());
        // 3. Break into labels; 4. convert and validate each.
        List<Label> labels = new ArrayList<>();
        boolean rightToLeft = false;
        int start = 0;
        for (int index = 0; index <= text.length; index++) {
            if (index < text.length && text[index] != '.') continue;
            Label label = new Label(text, start, index, labels.size() + 1);
            for (int cp : label.unicode) if (cp >= 0x590 && Bidi.isRightToLeft(Bidi.classOf(cp))) { rightToLeft = true; break; }
            labels.add(label);
            start = index + 1;
        }
        // Validity criterion 8 (CheckBidi) applies when any label has a right-to-left character.
        if (rightToLeft) {
            for (Label label : labels) if (label.to > label.from) Bidi.check(label.unicode, label.number);
        }
        StringBuilder out = new StringBuilder(text.length + 8 * labels.size());
        for (Label label : labels) {
            if (label.number > 1) out.append('.');
            if (label.isASCII) {
                for (int i = label.from; i < label.to; i++) out.append((char) text[i]);
            } else {
                String encoded = Punycode.encode(java.util.Arrays.copyOfRange(text, label.from, label.to));
                if (encoded == null) throw new IDNAProblem.Failure(IDNAProblem.Kind.PUNYCODE_OVERFLOW, -1, label.number);
                out.append("xn--").append(encoded);
            }
        }
        return out.toString();
    }

    private static void map(int cp, Normalization.IntList out) throws IDNAProblem.Failure {
        if (cp < 0x80) {
            out.add(cp >= 'A' && cp <= 'Z' ? cp | 0x20 : cp);
            return;
        }
        int value = statusValue(cp);
        switch (value >>> 29) {
            case 0: case 3: out.add(cp); return;
            case 1: {
                int offset = value & 0xFFFFFF, length = value >>> 24 & 0x1F;
                for (int k = 0; k < length; k++) out.add(UTS46Tables.mappingPool[offset + k]);
                return;
            }
            case 2: return;
            default: throw new IDNAProblem.Failure(IDNAProblem.Kind.DISALLOWED, cp, 0);
        }
    }

    /** A code point's row of the IDNA Mapping Table: status << 29 | length << 24 | offset. */
    private static int statusValue(int cp) {
        return UTS46Tables.mappingValues[UTS46Tables.lastIndex(UTS46Tables.mappingStarts, cp)];
    }

    private static boolean isValidOrDeviation(int cp) {
        int status = statusValue(cp) >>> 29;
        return status == 0 || status == 3;
    }

    private static boolean startsWithACE(int[] text, int from, int to) {
        return to - from >= 4 && text[from] == 'x' && text[from + 1] == 'n' && text[from + 2] == '-' && text[from + 3] == '-';
    }

    /** One label after step 4: its place in the domain and its Unicode form (itself, or an "xn--" label decoded). */
    static final class Label {
        final int number, from, to;
        final int[] unicode;
        final boolean isASCII;

        Label(int[] text, int from, int to, int number) throws IDNAProblem.Failure {
            this.number = number;
            this.from = from;
            this.to = to;
            boolean ascii = true;
            for (int i = from; i < to; i++) if (text[i] >= 0x80) { ascii = false; break; }
            isASCII = ascii;
            if (startsWithACE(text, from, to)) {
                if (!ascii) throw new IDNAProblem.Failure(IDNAProblem.Kind.PUNYCODE_LABEL_NOT_ASCII, -1, number);
                int[] decoded = Punycode.decode(text, from + 4, to);
                if (decoded == null) throw new IDNAProblem.Failure(IDNAProblem.Kind.PUNYCODE_INVALID, -1, number);
                boolean allASCII = true;
                for (int cp : decoded) if (cp >= 0x80) { allASCII = false; break; }
                if (allASCII) throw new IDNAProblem.Failure(IDNAProblem.Kind.PUNYCODE_DECODES_TO_ASCII, -1, number);
                if (!Normalization.isNFC(decoded)) throw new IDNAProblem.Failure(IDNAProblem.Kind.NOT_NFC, -1, number);
                validate(decoded, number, true);
                unicode = decoded;
                return;
            }
            unicode = java.util.Arrays.copyOfRange(text, from, to);
            if (!ascii) validate(unicode, number, false);
        }

        /** The validity criteria (§4.1) but NFC (checked on decoding) and Bidi (which looks at the whole domain). */
        static void validate(int[] label, int number, boolean decoded) throws IDNAProblem.Failure {
            if (label.length == 0) return;
            if (decoded) {
                if (startsWithACE(label, 0, label.length)) throw new IDNAProblem.Failure(IDNAProblem.Kind.DECODED_LABEL_STARTS_WITH_ACE, -1, number);
                for (int cp : label) {
                    boolean asItIs = cp < 0x80 ? !(cp >= 'A' && cp <= 'Z') : isValidOrDeviation(cp);
                    if (!asItIs) throw new IDNAProblem.Failure(IDNAProblem.Kind.NOT_VALID, cp, number);
                }
            }
            int first = label[0];
            if (first >= 0x300 && isMark(first)) throw new IDNAProblem.Failure(IDNAProblem.Kind.STARTS_WITH_COMBINING_MARK, first, number);
            for (int index = 0; index < label.length; index++) {
                if ((label[index] == 0x200C || label[index] == 0x200D) && !Joiners.allowed(index, label)) {
                    throw new IDNAProblem.Failure(IDNAProblem.Kind.JOINER_OUT_OF_CONTEXT, label[index], number);
                }
            }
        }

        private static boolean isMark(int cp) {
            int[] runs = UTS46Tables.markRuns;
            return (runs[UTS46Tables.lastIndex(runs, (long) cp << 1 | 1)] & 1) == 1;
        }
    }

    /** RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER). */
    static final class Joiners {
        private static final int VIRAMA = 9, OTHER = 0, LEFT = 1, DUAL = 2, RIGHT = 3, TRANSPARENT = 4;

        static boolean allowed(int index, int[] label) {
            if (index > 0 && Normalization.combiningClass(label[index - 1]) == VIRAMA) return true;
            if (label[index] != 0x200C) return false;
            int before = index - 1;
            while (before >= 0 && joiningType(label[before]) == TRANSPARENT) before--;
            if (before < 0) return false;
            int type = joiningType(label[before]);
            if (type != LEFT && type != DUAL) return false;
            int after = index + 1;
            while (after < label.length && joiningType(label[after]) == TRANSPARENT) after++;
            if (after >= label.length) return false;
            type = joiningType(label[after]);
            return type == RIGHT || type == DUAL;
        }

        static int joiningType(int cp) {
            int[] runs = UTS46Tables.joiningRuns;
            int value = runs[UTS46Tables.lastIndex(runs, (long) cp << 3 | 7)] & 7;
            return value <= TRANSPARENT ? value : OTHER;
        }
    }

    /** RFC 5893 §2, the Bidi rule, for one label of a Bidi domain name. */
    static final class Bidi {
        static final int OTHER = 0, L = 1, R = 2, AL = 3, AN = 4, EN = 5, ES = 6, CS = 7, ET = 8, ON = 9, BN = 10, NSM = 11;

        static boolean isRightToLeft(int c) { return c == R || c == AL || c == AN; }

        static int classOf(int cp) {
            int[] runs = UTS46Tables.bidiRuns;
            int value = runs[UTS46Tables.lastIndex(runs, (long) cp << 4 | 0xF)] & 0xF;
            return value <= NSM ? value : OTHER;
        }

        private static int mask(int... classes) {
            int m = 0;
            for (int c : classes) m |= 1 << c;
            return m;
        }

        private static final int RTL_ALLOWED = mask(R, AL, AN, EN, ES, CS, ET, ON, BN, NSM);
        private static final int LTR_ALLOWED = mask(L, EN, ES, CS, ET, ON, BN, NSM);
        private static final int RTL_ENDS = mask(R, AL, EN, AN), LTR_ENDS = mask(L, EN);

        static void check(int[] label, int number) throws IDNAProblem.Failure {
            int present = 0, last = NSM;
            for (int cp : label) {
                int c = classOf(cp);
                present |= 1 << c;
                if (c != NSM) last = c;
            }
            int first = classOf(label[0]);
            if (first == R || first == AL) {
                if ((present & ~RTL_ALLOWED) != 0) throw bidi(2, number);
                if (last == NSM || (RTL_ENDS & 1 << last) == 0) throw bidi(3, number);
                if ((present & mask(EN, AN)) == mask(EN, AN)) throw bidi(4, number);
            } else if (first == L) {
                if ((present & ~LTR_ALLOWED) != 0) throw bidi(5, number);
                if (last == NSM || (LTR_ENDS & 1 << last) == 0) throw bidi(6, number);
            } else {
                throw bidi(1, number);
            }
        }

        private static IDNAProblem.Failure bidi(int rule, int number) {
            return new IDNAProblem.Failure(IDNAProblem.Kind.BIDI, -1, number, rule);
        }
    }
}

// HostParser.java: URL Standard §3.5 "host parsing" and §3.6 "host serializing": domains (through domain
// to ASCII: ASCII lowercase for an ASCII domain, else UTS46.java), every IPv4 numeric form, IPv6 with
// compression and embedded IPv4, opaque hosts. Returns the serialized host.
package dev.bridge.url;

import java.nio.charset.StandardCharsets;

final class HostParser {
    private HostParser() {}

    static String parse(String input, boolean isOpaque) throws URLParseError.Failure {
        if (input.startsWith("[")) {
            if (input.length() < 2 || !input.endsWith("]")) throw new URLParseError.Failure(URLParseError.Code.IPV6_UNCLOSED);
            return "[" + serializeIPv6(parseIPv6(input.substring(1, input.length() - 1))) + "]";
        }
        if (isOpaque) return parseOpaqueHost(input);
        // Most hosts are ASCII with nothing percent-encoded: domain to ASCII lower-cases them, with no bytes made.
        String ascii = plainASCIILowercased(input);
        if (ascii == null) ascii = domainToASCII(PercentEncoding.decodeBytes(input.getBytes(StandardCharsets.UTF_8)));
        for (int i = 0; i < ascii.length(); i++) {
            if (isForbiddenDomainCodePoint(ascii.charAt(i))) throw new URLParseError.Failure(URLParseError.Code.DOMAIN_INVALID_CODE_POINT);
        }
        if (endsInANumber(ascii)) return serializeIPv4(parseIPv4(ascii));
        return ascii;
    }

    /** `input` ASCII-lower-cased when it is non-empty ASCII with no "%" (what decoding and domain to ASCII make of it); else null. */
    private static String plainASCIILowercased(String input) {
        if (input.isEmpty()) return null;
        char[] chars = new char[input.length()];
        for (int i = 0; i < chars.length; i++) {
            char c = input.charAt(i);
            if (c >= 0x80 || c == '%') return null;
            chars[i] = c >= 'A' && c <= 'Z' ? (char) (c | 0x20) : c;
        }
        return new String(chars);
    }

    /** URL Standard §3.3 "domain to ASCII" with beStrict false, of UTF-8 bytes (decoded without BOM). */
    static String domainToASCII(byte[] domain) throws URLParseError.Failure {
        boolean isASCII = true;
        for (byte b : domain) if ((b & 0xFF) >= 0x80) { isASCII = false; break; }
        String result;
        if (isASCII) {
            char[] chars = new char[domain.length];
            for (int i = 0; i < domain.length; i++) {
                int b = domain[i];
                chars[i] = (char) (b >= 'A' && b <= 'Z' ? b | 0x20 : b);
            }
            result = new String(chars);
        } else {
            // UTF-8 decode without BOM: a leading BOM is kept, and disallowed.
            int[] codePoints = new String(domain, StandardCharsets.UTF_8).codePoints().toArray();
            try {
                result = UTS46.toASCII(codePoints);
            } catch (IDNAProblem.Failure failure) {
                throw new URLParseError.Failure(URLParseError.Code.DOMAIN_TO_ASCII, failure.problem);
            }
        }
        if (result.isEmpty()) {
            throw new URLParseError.Failure(URLParseError.Code.DOMAIN_TO_ASCII, new IDNAProblem(IDNAProblem.Kind.EMPTY, -1, 0, 0));
        }
        return result;
    }

    static String parseOpaqueHost(String input) throws URLParseError.Failure {
        StringBuilder out = new StringBuilder(input.length());
        for (int i = 0; i < input.length(); ) {
            int cp = input.codePointAt(i);
            if (cp < 0x80 && isForbiddenHostCodePoint(cp)) throw new URLParseError.Failure(URLParseError.Code.HOST_INVALID_CODE_POINT);
            PercentEncoding.appendEncoded(out, cp, PercentEncoding.EncodeSet.C0_CONTROL);
            i += Character.charCount(cp);
        }
        return out.toString();
    }

    static boolean isForbiddenHostCodePoint(int c) {
        switch (c) {
            case 0: case '\t': case '\n': case '\r': case ' ': case '#': case '/': case ':': case '<': case '>': case '?': case '@':
            case '[': case '\\': case ']': case '^': case '|': return true;
            default: return false;
        }
    }

    static boolean isForbiddenDomainCodePoint(int c) {
        return isForbiddenHostCodePoint(c) || c <= 0x1F || c == '%' || c == 0x7F;
    }

    // MARK: IPv4

    static boolean endsInANumber(String input) {
        // The last label, less one trailing empty label (the spec's strict split, without making the parts):
        // "" is one empty part (false); a final "." ends an empty part, which is dropped.
        int end = input.length();
        if (end == 0) return false;
        if (input.charAt(end - 1) == '.') end--;
        int start = input.lastIndexOf('.', end - 1) + 1;
        String part = input.substring(start, end);
        if (!part.isEmpty()) {
            boolean digits = true;
            for (int i = 0; i < part.length(); i++) if (part.charAt(i) < '0' || part.charAt(i) > '9') { digits = false; break; }
            if (digits) return true;
        }
        return parseIPv4Number(part) >= 0;
    }

    /** An IPv4 number part as the spec parses it, or -1 for a failure (values past 2^32 clamp to 2^32). */
    private static long parseIPv4Number(String input) {
        if (input.isEmpty()) return -1;
        int radix = 10, start = 0;
        if (input.length() >= 2 && input.charAt(0) == '0' && (input.charAt(1) == 'x' || input.charAt(1) == 'X')) {
            radix = 16;
            start = 2;
        } else if (input.length() >= 2 && input.charAt(0) == '0') {
            radix = 8;
            start = 1;
        }
        if (start == input.length()) return 0;
        long value = 0;
        for (int i = start; i < input.length(); i++) {
            int digit = Character.digit(input.charAt(i), radix);
            if (digit < 0 || input.charAt(i) > 0x7F) return -1;
            value = value * radix + digit;
            if (value > 1L << 32) value = 1L << 32;
        }
        return value;
    }

    static long parseIPv4(String input) throws URLParseError.Failure {
        String[] parts = input.split("\\.", -1);
        int count = parts.length;
        if (parts[count - 1].isEmpty() && count > 1) count--;
        if (count > 4) throw new URLParseError.Failure(URLParseError.Code.IPV4_TOO_MANY_PARTS);
        long[] numbers = new long[count];
        for (int i = 0; i < count; i++) {
            long n = parseIPv4Number(parts[i]);
            if (n < 0) throw new URLParseError.Failure(URLParseError.Code.IPV4_NON_NUMERIC_PART);
            numbers[i] = n;
        }
        for (int i = 0; i < count - 1; i++) if (numbers[i] > 255) throw new URLParseError.Failure(URLParseError.Code.IPV4_OUT_OF_RANGE_PART);
        if (numbers[count - 1] >= 1L << (8 * (5 - count))) throw new URLParseError.Failure(URLParseError.Code.IPV4_OUT_OF_RANGE_PART);
        long ipv4 = numbers[count - 1];
        for (int i = 0; i < count - 1; i++) ipv4 += numbers[i] << (8 * (3 - i));
        return ipv4;
    }

    static String serializeIPv4(long address) {
        return (address >> 24 & 255) + "." + (address >> 16 & 255) + "." + (address >> 8 & 255) + "." + (address & 255);
    }

    // MARK: IPv6

    static int[] parseIPv6(String text) throws URLParseError.Failure {
        int[] address = new int[8];
        int pieceIndex = 0, compress = -1, pointer = 0;
        int[] input = text.codePoints().toArray();
        int length = input.length;
        if (length > 0 && input[0] == ':') {
            if (length < 2 || input[1] != ':') throw new URLParseError.Failure(URLParseError.Code.IPV6_INVALID_COMPRESSION);
            pointer += 2;
            compress = ++pieceIndex;
        }
        while (pointer < length) {
            if (pieceIndex == 8) throw new URLParseError.Failure(URLParseError.Code.IPV6_TOO_MANY_PIECES);
            if (input[pointer] == ':') {
                if (compress != -1) throw new URLParseError.Failure(URLParseError.Code.IPV6_MULTIPLE_COMPRESSION);
                pointer++;
                compress = ++pieceIndex;
                continue;
            }
            int value = 0, count = 0;
            while (count < 4 && pointer < length && PercentEncoding.hexValue(input[pointer]) >= 0) {
                value = value * 0x10 + PercentEncoding.hexValue(input[pointer]);
                pointer++;
                count++;
            }
            if (pointer < length && input[pointer] == '.') {
                if (count == 0) throw new URLParseError.Failure(URLParseError.Code.IPV4_IN_IPV6_INVALID_CODE_POINT);
                pointer -= count;
                if (pieceIndex > 6) throw new URLParseError.Failure(URLParseError.Code.IPV4_IN_IPV6_TOO_MANY_PIECES);
                int numbersSeen = 0;
                while (pointer < length) {
                    int ipv4Piece = -1;
                    if (numbersSeen > 0) {
                        if (input[pointer] == '.' && numbersSeen < 4) pointer++;
                        else throw new URLParseError.Failure(URLParseError.Code.IPV4_IN_IPV6_INVALID_CODE_POINT);
                    }
                    if (pointer >= length || input[pointer] < '0' || input[pointer] > '9') {
                        throw new URLParseError.Failure(URLParseError.Code.IPV4_IN_IPV6_INVALID_CODE_POINT);
                    }
                    while (pointer < length && input[pointer] >= '0' && input[pointer] <= '9') {
                        int number = input[pointer] - '0';
                        if (ipv4Piece == -1) ipv4Piece = number;
                        else if (ipv4Piece == 0) throw new URLParseError.Failure(URLParseError.Code.IPV4_IN_IPV6_INVALID_CODE_POINT);
                        else ipv4Piece = ipv4Piece * 10 + number;
                        if (ipv4Piece > 255) throw new URLParseError.Failure(URLParseError.Code.IPV4_IN_IPV6_OUT_OF_RANGE_PART);
                        pointer++;
                    }
                    address[pieceIndex] = address[pieceIndex] * 0x100 + ipv4Piece;
                    numbersSeen++;
                    if (numbersSeen == 2 || numbersSeen == 4) pieceIndex++;
                }
                if (numbersSeen != 4) throw new URLParseError.Failure(URLParseError.Code.IPV4_IN_IPV6_TOO_FEW_PARTS);
                break;
            } else if (pointer < length && input[pointer] == ':') {
                pointer++;
                if (pointer >= length) throw new URLParseError.Failure(URLParseError.Code.IPV6_INVALID_CODE_POINT);
            } else if (pointer < length) {
                throw new URLParseError.Failure(URLParseError.Code.IPV6_INVALID_CODE_POINT);
            }
            address[pieceIndex++] = value;
        }
        if (compress != -1) {
            int swaps = pieceIndex - compress;
            pieceIndex = 7;
            while (pieceIndex != 0 && swaps > 0) {
                int t = address[pieceIndex];
                address[pieceIndex] = address[compress + swaps - 1];
                address[compress + swaps - 1] = t;
                pieceIndex--;
                swaps--;
            }
        } else if (pieceIndex != 8) {
            throw new URLParseError.Failure(URLParseError.Code.IPV6_TOO_FEW_PIECES);
        }
        return address;
    }

    static String serializeIPv6(int[] address) {
        int compress = -1, bestLength = 1;
        for (int i = 0; i < 8; ) {
            if (address[i] != 0) { i++; continue; }
            int j = i;
            while (j < 8 && address[j] == 0) j++;
            if (j - i > bestLength) { bestLength = j - i; compress = i; }
            i = j;
        }
        StringBuilder out = new StringBuilder();
        boolean ignore0 = false;
        for (int i = 0; i < 8; i++) {
            if (ignore0 && address[i] == 0) continue;
            ignore0 = false;
            if (compress == i) {
                out.append(i == 0 ? "::" : ":");
                ignore0 = true;
                continue;
            }
            out.append(Integer.toHexString(address[i]));
            if (i != 7) out.append(':');
        }
        return out.toString();
    }
}

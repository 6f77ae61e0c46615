// byte_scan.h: sixteen-byte scans for the hot loops (the URL parser's copy of paths, queries and
// fragments, and its tab/newline check; replay's JSON strings). Each function answers, for the 16 bytes at `p`, which of them the
// parser must look at one by one, as a mask (bit i for byte i). Written by hand in C because Swift's
// SIMD types compare lane by lane through memory on this toolchain (measured: a SIMD16<UInt8> `.==` compiles
// to a 16-step loop), and the standard library has no other vector compare. SSE2 (every x86-64) and NEON
// (every arm64, Apple's included) each take a few instructions per 16 bytes; any other target gets the
// same answers from a plain loop (the `bs_scalar_` functions, compiled everywhere and tested here too).
// All functions are `static inline`, so Swift inlines them at the call. The NEON code is compiled for
// arm64 (checked: clang --target=aarch64-linux-gnu -ffreestanding -fsyntax-only) but not run here: no arm64.
// A mask may name more bytes than the caller needs (a superset: the caller checks each named byte with
// its exact table); it never misses one. BrowserURLTests compare every function with its definition on
// every byte value at every position.
#ifndef BYTE_SCAN_H
#define BYTE_SCAN_H

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
typedef __m128i bs_vector;
static inline bs_vector bs_load(const uint8_t *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
static inline bs_vector bs_equal(bs_vector v, uint8_t c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8((char)c)); }
static inline bs_vector bs_or(bs_vector a, bs_vector b) { return _mm_or_si128(a, b); }
/// Lanes whose byte is outside 0x21...0x7E (controls, space, DELETE and every non-ASCII byte).
static inline bs_vector bs_outside_printable(bs_vector v) {
    // Bias by 0x5F so 0x21...0x7E becomes 0x80...0xDD: signed, that is -128...-35, below -34 (0xDE).
    bs_vector biased = _mm_add_epi8(v, _mm_set1_epi8(0x5F));
    return _mm_cmpgt_epi8(biased, _mm_set1_epi8((char)0xDD));
}
static inline uint32_t bs_mask(bs_vector m) { return (uint32_t)_mm_movemask_epi8(m); }
static inline bs_vector bs_splat(uint8_t c) { return _mm_set1_epi8((char)c); }
static inline bs_vector bs_and(bs_vector a, bs_vector b) { return _mm_and_si128(a, b); }
static inline void bs_store(uint8_t *p, bs_vector v) { _mm_storeu_si128((__m128i *)(void *)p, v); }
/// Lanes whose byte is in lo...hi (lo <= hi < 0x80): biased so the range starts at -128, then one signed compare.
static inline bs_vector bs_in_range(bs_vector v, uint8_t lo, uint8_t hi) {
    bs_vector biased = _mm_add_epi8(v, _mm_set1_epi8((char)(0x80 - lo)));
    return _mm_cmplt_epi8(biased, _mm_set1_epi8((char)(0x80 + (hi - lo) + 1)));
}
#define BS_VECTOR 1
#elif defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
typedef uint8x16_t bs_vector;
static inline bs_vector bs_load(const uint8_t *p) { return vld1q_u8(p); }
static inline bs_vector bs_equal(bs_vector v, uint8_t c) { return vceqq_u8(v, vdupq_n_u8(c)); }
static inline bs_vector bs_or(bs_vector a, bs_vector b) { return vorrq_u8(a, b); }
static inline bs_vector bs_outside_printable(bs_vector v) {
    return vorrq_u8(vcltq_u8(v, vdupq_n_u8(0x21)), vcgtq_u8(v, vdupq_n_u8(0x7E)));
}
static inline uint32_t bs_mask(bs_vector m) {
    static const uint8_t weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint8x16_t bits = vandq_u8(m, vld1q_u8(weights));
    return (uint32_t)vaddv_u8(vget_low_u8(bits)) | (uint32_t)vaddv_u8(vget_high_u8(bits)) << 8;
}
static inline bs_vector bs_splat(uint8_t c) { return vdupq_n_u8(c); }
static inline bs_vector bs_and(bs_vector a, bs_vector b) { return vandq_u8(a, b); }
static inline void bs_store(uint8_t *p, bs_vector v) { vst1q_u8(p, v); }
static inline bs_vector bs_in_range(bs_vector v, uint8_t lo, uint8_t hi) {
    return vandq_u8(vcgeq_u8(v, vdupq_n_u8(lo)), vcleq_u8(v, vdupq_n_u8(hi)));
}
#define BS_VECTOR 1
#endif

#ifdef BS_VECTOR
/// TAB, LF or CR.
static inline uint32_t bs_tab_or_newline(const uint8_t *p) {
    bs_vector v = bs_load(p);
    return bs_mask(bs_or(bs_or(bs_equal(v, 0x09), bs_equal(v, 0x0A)), bs_equal(v, 0x0D)));
}
/// A path segment's stops: the path percent-encode set (outside 0x21...0x7E, " # < > ? ^ ` { }) and
/// the bytes that end a segment (/ ? # and \).
static inline uint32_t bs_path_stops(const uint8_t *p) {
    bs_vector v = bs_load(p);
    bs_vector m = bs_or(bs_outside_printable(v), bs_or(bs_equal(v, '"'), bs_equal(v, '#')));
    m = bs_or(m, bs_or(bs_equal(v, '<'), bs_equal(v, '>')));
    m = bs_or(m, bs_or(bs_equal(v, '?'), bs_equal(v, '^')));
    m = bs_or(m, bs_or(bs_equal(v, '`'), bs_equal(v, '{')));
    m = bs_or(m, bs_or(bs_equal(v, '}'), bs_equal(v, '/')));
    return bs_mask(bs_or(m, bs_equal(v, '\\')));
}
/// A query's stops: the special-query percent-encode set (outside 0x21...0x7E, " # ' < >), a superset of
/// the query set, and "#", which ends it.
static inline uint32_t bs_query_stops(const uint8_t *p) {
    bs_vector v = bs_load(p);
    bs_vector m = bs_or(bs_outside_printable(v), bs_or(bs_equal(v, '"'), bs_equal(v, '#')));
    m = bs_or(m, bs_or(bs_equal(v, '<'), bs_equal(v, '>')));
    return bs_mask(bs_or(m, bs_equal(v, '\'')));
}
/// A fragment's stops: the fragment percent-encode set (outside 0x21...0x7E, " < > `).
static inline uint32_t bs_fragment_stops(const uint8_t *p) {
    bs_vector v = bs_load(p);
    bs_vector m = bs_or(bs_outside_printable(v), bs_or(bs_equal(v, '"'), bs_equal(v, '<')));
    return bs_mask(bs_or(m, bs_or(bs_equal(v, '>'), bs_equal(v, '`'))));
}
/// The bytes the authority scan looks at: / ? # \ @ : [ ].
static inline uint32_t bs_authority_delimiters(const uint8_t *p) {
    bs_vector v = bs_load(p);
    bs_vector m = bs_or(bs_or(bs_equal(v, '/'), bs_equal(v, '?')), bs_or(bs_equal(v, '#'), bs_equal(v, '\\')));
    m = bs_or(m, bs_or(bs_equal(v, '@'), bs_equal(v, ':')));
    return bs_mask(bs_or(m, bs_or(bs_equal(v, '['), bs_equal(v, ']'))));
}
/// The bytes that shape form parameters: % & + =.
static inline uint32_t bs_form_specials(const uint8_t *p) {
    bs_vector v = bs_load(p);
    return bs_mask(bs_or(bs_or(bs_equal(v, '%'), bs_equal(v, '&')), bs_or(bs_equal(v, '+'), bs_equal(v, '='))));
}
/// A plain domain: the first `count` (at most 16) bytes at `p` are ASCII letters, digits, "-" or ".". Writes
/// all 16 bytes to `out` with upper-case letters lower-cased (the first `count` are the lower-cased domain)
/// and returns 1; returns 0 (having written the same) when any of the `count` is another byte.
static inline int bs_lowercase_plain_domain(const uint8_t *p, uint8_t *out, int count) {
    bs_vector v = bs_load(p);
    bs_vector letter = bs_in_range(bs_or(v, bs_splat(0x20)), 'a', 'z');
    bs_vector ok = bs_or(bs_or(letter, bs_in_range(v, '0', '9')), bs_or(bs_equal(v, '-'), bs_equal(v, '.')));
    bs_store(out, bs_or(v, bs_and(letter, bs_splat(0x20))));
    uint32_t wanted = count >= 16 ? 0xFFFFu : (1u << count) - 1u;
    return (bs_mask(ok) & wanted) == wanted;
}
/// A JSON string's stops (NavigationReplay's line scanner): a quote and a backslash, and outside
/// 0x21...0x7E (the control characters and every non-ASCII byte, with space and DELETE: a superset).
static inline uint32_t bs_json_string_stops(const uint8_t *p) {
    bs_vector v = bs_load(p);
    return bs_mask(bs_or(bs_outside_printable(v), bs_or(bs_equal(v, '"'), bs_equal(v, '\\'))));
}
/// An opaque path's stops: the C0 control percent-encode set and space (outside 0x21...0x7E), and the
/// bytes the opaque-path state looks at (# / ?).
static inline uint32_t bs_opaque_path_stops(const uint8_t *p) {
    bs_vector v = bs_load(p);
    bs_vector m = bs_or(bs_outside_printable(v), bs_equal(v, '#'));
    return bs_mask(bs_or(m, bs_or(bs_equal(v, '/'), bs_equal(v, '?'))));
}
#endif

// The same masks, byte by byte: what a target with no vector unit known runs, compiled on every target so
// that the tests check it against the definitions too.
static inline uint32_t bs_scalar_mask(const uint8_t *p, const char *list, int outside_printable) {
    uint32_t mask = 0;
    for (int i = 0; i < 16; i++) {
        int hit = outside_printable && (p[i] < 0x21 || p[i] > 0x7E);
        for (const char *c = list; *c && !hit; c++) hit = p[i] == (uint8_t)*c;
        if (hit) mask |= 1u << i;
    }
    return mask;
}
static inline uint32_t bs_scalar_tab_or_newline(const uint8_t *p) { return bs_scalar_mask(p, "\t\n\r", 0); }
static inline uint32_t bs_scalar_path_stops(const uint8_t *p) { return bs_scalar_mask(p, "\"#<>?^`{}/\\", 1); }
static inline uint32_t bs_scalar_query_stops(const uint8_t *p) { return bs_scalar_mask(p, "\"#<>'", 1); }
static inline uint32_t bs_scalar_fragment_stops(const uint8_t *p) { return bs_scalar_mask(p, "\"<>`", 1); }
static inline uint32_t bs_scalar_opaque_path_stops(const uint8_t *p) { return bs_scalar_mask(p, "#/?", 1); }
static inline uint32_t bs_scalar_authority_delimiters(const uint8_t *p) { return bs_scalar_mask(p, "/?#\\@:[]", 0); }
static inline uint32_t bs_scalar_form_specials(const uint8_t *p) { return bs_scalar_mask(p, "%&+=", 0); }
static inline uint32_t bs_scalar_json_string_stops(const uint8_t *p) { return bs_scalar_mask(p, "\"\\", 1); }
static inline int bs_scalar_lowercase_plain_domain(const uint8_t *p, uint8_t *out, int count) {
    int plain = 1;
    for (int i = 0; i < 16; i++) {
        uint8_t b = p[i];
        int letter = (uint8_t)((b | 0x20) - 'a') < 26;
        out[i] = letter ? (uint8_t)(b | 0x20) : b;
        if (i < count && !(letter || (uint8_t)(b - '0') < 10 || b == '-' || b == '.')) plain = 0;
    }
    return plain;
}

/// Whether the `count` bytes at `a` and at `b` are the same: libc's memcmp (the URL parser's check that a URL
/// serializes to exactly its input, so the input's own string can be its href; replay's navlog keys and words).
#include <string.h>
static inline int bs_same_bytes(const uint8_t *a, const uint8_t *b, long count) {
    return count == 0 || memcmp(a, b, (size_t)count) == 0;
}

#ifndef BS_VECTOR
static inline uint32_t bs_tab_or_newline(const uint8_t *p) { return bs_scalar_tab_or_newline(p); }
static inline uint32_t bs_path_stops(const uint8_t *p) { return bs_scalar_path_stops(p); }
static inline uint32_t bs_query_stops(const uint8_t *p) { return bs_scalar_query_stops(p); }
static inline uint32_t bs_fragment_stops(const uint8_t *p) { return bs_scalar_fragment_stops(p); }
static inline uint32_t bs_opaque_path_stops(const uint8_t *p) { return bs_scalar_opaque_path_stops(p); }
static inline uint32_t bs_authority_delimiters(const uint8_t *p) { return bs_scalar_authority_delimiters(p); }
static inline uint32_t bs_form_specials(const uint8_t *p) { return bs_scalar_form_specials(p); }
static inline uint32_t bs_json_string_stops(const uint8_t *p) { return bs_scalar_json_string_stops(p); }
static inline int bs_lowercase_plain_domain(const uint8_t *p, uint8_t *out, int count) {
    return bs_scalar_lowercase_plain_domain(p, out, count);
}
#endif

#endif

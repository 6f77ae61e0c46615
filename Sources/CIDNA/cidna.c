// cidna.c: the only place that includes ICU. One shared UTS #46 instance (ICU documents UIDNA as
// thread-safe once opened), created on first use with an atomic compare-and-swap.
#include "cidna.h"
#include <stddef.h>

#if __has_include(<unicode/uidna.h>)
#include <stdatomic.h>
#include <unicode/uidna.h>

static _Atomic(UIDNA *) shared_idna = NULL;

static UIDNA *cidna_instance(void) {
    UIDNA *existing = atomic_load_explicit(&shared_idna, memory_order_acquire);
    if (existing != NULL) return existing;
    UErrorCode status = U_ZERO_ERROR;
    UIDNA *created = uidna_openUTS46(UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                                     UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE,
                                     &status);
    if (U_FAILURE(status)) return NULL;
    UIDNA *expected = NULL;
    if (!atomic_compare_exchange_strong(&shared_idna, &expected, created)) {
        uidna_close(created);
        return expected;
    }
    return created;
}

// Errors the WHATWG options switch off: CheckHyphens=false and VerifyDnsLength=false.
static const uint32_t ignored_errors = UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG |
    UIDNA_ERROR_DOMAIN_NAME_TOO_LONG | UIDNA_ERROR_LEADING_HYPHEN | UIDNA_ERROR_TRAILING_HYPHEN |
    UIDNA_ERROR_HYPHEN_3_4;

int32_t cidna_domain_to_ascii(const char *input, int32_t length,
                              char *output, int32_t capacity, uint32_t *errors) {
    UIDNA *idna = cidna_instance();
    *errors = 0;
    if (idna == NULL) return -1;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = uidna_nameToASCII_UTF8(idna, input, length, output, capacity, &info, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return written;
    if (U_FAILURE(status)) return -1;
    *errors = info.errors & ~ignored_errors;
    return written;
}

const char *cidna_error_description(uint32_t errors) {
    static const struct { uint32_t bit; const char *text; } names[] = {
        {UIDNA_ERROR_LABEL_HAS_DOT, "a label contains a dot after mapping"},
        {UIDNA_ERROR_LEADING_COMBINING_MARK, "a label starts with a combining mark"},
        {UIDNA_ERROR_DISALLOWED, "a code point is disallowed by UTS #46"},
        {UIDNA_ERROR_PUNYCODE, "a label starting with xn-- is not valid Punycode"},
        {UIDNA_ERROR_INVALID_ACE_LABEL, "an xn-- label decodes to something not in normal form"},
        {UIDNA_ERROR_BIDI, "the domain breaks the bidirectional (RFC 5893) rules"},
        {UIDNA_ERROR_CONTEXTJ, "a label breaks the CONTEXTJ rules (zero-width joiners)"},
        {UIDNA_ERROR_CONTEXTO_PUNCTUATION, "a label breaks the CONTEXTO punctuation rules"},
        {UIDNA_ERROR_CONTEXTO_DIGITS, "a label mixes Arabic-Indic digit sets"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (errors & names[i].bit) return names[i].text;
    return "UTS #46 processing failed";
}

#else
// No ICU headers (an Apple SDK): BrowserURL does not link this target there; these stubs keep a
// whole-package build compiling.
int32_t cidna_domain_to_ascii(const char *input, int32_t length,
                              char *output, int32_t capacity, uint32_t *errors) {
    (void)input; (void)length; (void)output; (void)capacity;
    *errors = 0;
    return -1;
}
const char *cidna_error_description(uint32_t errors) { (void)errors; return "ICU is not available"; }
#endif

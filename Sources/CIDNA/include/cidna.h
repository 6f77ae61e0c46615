// cidna.h: domain to ASCII (UTS #46 with the WHATWG URL options) over the system ICU.
// The header deliberately names no ICU type so Swift can import it beside Foundation.
#ifndef CIDNA_H
#define CIDNA_H
#include <stdint.h>

/// Runs UTS #46 ToASCII with CheckHyphens=false, CheckBidi=true, CheckJoiners=true,
/// UseSTD3ASCIIRules=false, Transitional_Processing=false, VerifyDnsLength=false.
/// `input` is UTF-8. Writes at most `capacity` bytes to `output` and returns the full length of the
/// result (call again with a larger buffer when it exceeds `capacity`), or -1 when ICU itself failed.
/// `*errors` receives the UTS #46 errors that make the result a failure (0 when the domain is fine).
int32_t cidna_domain_to_ascii(const char *input, int32_t length,
                              char *output, int32_t capacity, uint32_t *errors);

/// A short English description of the lowest error bit set in `errors` (a static string).
const char *cidna_error_description(uint32_t errors);

#endif

// byte_scan.c: empty. The scans are `static inline` in include/byte_scan.h, so that Swift inlines them;
// a C target needs one source file.
#include "byte_scan.h"

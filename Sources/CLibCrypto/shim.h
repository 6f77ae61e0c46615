// shim.h: the one OpenSSL libcrypto function KeyedDigest calls (one-shot HMAC) and the digests it names,
// for the CLibCrypto system library target (Debian: libssl-dev).
#include <openssl/evp.h>
#include <openssl/hmac.h>

// shim.h: the OpenSSL libcrypto functions KeyedDigest calls (one-shot HMAC and digest) and the digests it names,
// for the CLibCrypto system library target (Debian: libssl-dev).
#include <openssl/evp.h>
#include <openssl/hmac.h>

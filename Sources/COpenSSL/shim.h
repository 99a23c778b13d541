// The parts of libcrypto that CardInfrastructure uses on Linux: AES-256-GCM and PBKDF2
// through the EVP interface, the random generator, and the error queue.
#ifndef CARD_SERVICE_COPENSSL_SHIM_H
#define CARD_SERVICE_COPENSSL_SHIM_H

#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/err.h>

#endif

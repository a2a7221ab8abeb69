/* h5seal.c - sealing the HDF5 files mcsim writes and reading them back
 * only when their seal holds (h5seal.h). SHA-256 is OpenSSL's (libcrypto),
 * through its direct SHA256_Init/Update/Final: OpenSSL 3 deprecates them
 * for EVP_Digest, whose first call in a process loads the default provider
 * (1.0-5.7 ms on the development VM, 5 million instructions: a sixth of a
 * fresh 1,000-path run's, paid by every run that writes a log and every
 * command that reads one), where these take 0.02 ms for a 17 KB log. */
#define _GNU_SOURCE
#define OPENSSL_SUPPRESS_DEPRECATED /* SHA256_Init/Update/Final: see above */
#include "h5seal.h"
#include <errno.h>
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "output_path.h"

#define SEAL_MAGIC "mcsim seal "
#define SEAL_VERSION_LINE SEAL_MAGIC "1\n"
#define SHA256_BYTES 32
_Static_assert(SHA256_BYTES == SHA256_DIGEST_LENGTH, "a SHA-256 digest");

_Static_assert(MCS_H5_SEAL_BYTES >= 128 && (MCS_H5_SEAL_BYTES & (MCS_H5_SEAL_BYTES - 1)) == 0,
               "the seal's text (at most 108 bytes) fits a user block HDF5 takes");

static const unsigned char hdf5_signature[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

hid_t mcs_h5_seal_fcpl(void)
{
    hid_t fcpl = H5Pcreate(H5P_FILE_CREATE);
    if (fcpl >= 0 && H5Pset_userblock(fcpl, MCS_H5_SEAL_BYTES) < 0) {
        H5Pclose(fcpl);
        return -1;
    }
    return fcpl;
}

/* The seal of an image of `size` bytes into seal[MCS_H5_SEAL_BYTES]: its
 * text, NUL-padded; 0, or -1 when hashing fails. */
static int seal_of(const unsigned char *image, size_t size, char *seal)
{
    unsigned char digest[SHA256_BYTES];
#ifndef OPENSSL_NO_DEPRECATED_3_0
    SHA256_CTX ctx;
    if (SHA256_Init(&ctx) != 1 ||
        SHA256_Update(&ctx, image + MCS_H5_SEAL_BYTES, size - MCS_H5_SEAL_BYTES) != 1 ||
        SHA256_Final(digest, &ctx) != 1)
        return -1;
#else /* an OpenSSL built without the deprecated calls: the same digest, slower */
    unsigned int len = 0;
    if (EVP_Digest(image + MCS_H5_SEAL_BYTES, size - MCS_H5_SEAL_BYTES, digest, &len,
                   EVP_sha256(), NULL) != 1 || len != SHA256_BYTES)
        return -1;
#endif
    char hex[2 * SHA256_BYTES + 1];
    for (int i = 0; i < SHA256_BYTES; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    memset(seal, 0, MCS_H5_SEAL_BYTES);
    snprintf(seal, MCS_H5_SEAL_BYTES, SEAL_VERSION_LINE "bytes %zu\nsha256 %s\n", size, hex);
    return 0;
}

int mcs_h5_seal(void *image, size_t size)
{
    char seal[MCS_H5_SEAL_BYTES];
    unsigned char *bytes = image;
    /* HDF5's superblock right after the user block: made with mcs_h5_seal_fcpl() */
    if (size < MCS_H5_SEAL_BYTES + sizeof hdf5_signature ||
        memcmp(bytes + MCS_H5_SEAL_BYTES, hdf5_signature, sizeof hdf5_signature) != 0 ||
        seal_of(bytes, size, seal) != 0)
        return -1;
    memcpy(bytes, seal, sizeof seal);
    return 0;
}

/* The value after `key ` on a line of the seal's text (NULL: none). */
static const char *seal_field(const char *text, const char *key)
{
    size_t n = strlen(key);
    for (const char *line = text; *line;) {
        if (strncmp(line, key, n) == 0 && line[n] == ' ')
            return line + n + 1;
        const char *eol = strchr(line, '\n');
        if (!eol)
            break;
        line = eol + 1;
    }
    return NULL;
}

mcs_status mcs_h5_check_seal(const void *image, size_t size, int *unsealed, char *why,
                             size_t why_len)
{
    const unsigned char *bytes = image;
    const int hdf5_at_0 = size >= sizeof hdf5_signature &&
                          memcmp(bytes, hdf5_signature, sizeof hdf5_signature) == 0;
    *unsealed = 0;
    if (size < strlen(SEAL_MAGIC) || memcmp(bytes, SEAL_MAGIC, strlen(SEAL_MAGIC)) != 0) {
        *unsealed = hdf5_at_0;
        snprintf(why, why_len, "%s", hdf5_at_0
                     ? "no mcsim seal: an HDF5 file written by an mcsim from before files were "
                       "sealed, or not by mcsim. Make it again with this mcsim (rerun the "
                       "command that wrote it); an older file you trust reads with "
                       MCS_H5_UNSEALED_ENV "=1 (unchecked)"
                     : "no mcsim seal: not a file mcsim wrote, or damaged at its start");
        return MCS_E_DATA;
    }
    if (size < MCS_H5_SEAL_BYTES + sizeof hdf5_signature) {
        snprintf(why, why_len, "%zu bytes, too short for its seal and an HDF5 file: cut short",
                 size);
        return MCS_E_DATA;
    }
    char seal[MCS_H5_SEAL_BYTES + 1], want[MCS_H5_SEAL_BYTES];
    memcpy(seal, bytes, MCS_H5_SEAL_BYTES);
    seal[MCS_H5_SEAL_BYTES] = '\0';
    if (strncmp(seal, SEAL_VERSION_LINE, strlen(SEAL_VERSION_LINE)) != 0) {
        snprintf(why, why_len, "a seal of version '%.8s', this mcsim reads version 1 (a newer "
                 "mcsim wrote it, or it is damaged)", seal + strlen(SEAL_MAGIC));
        return MCS_E_DATA;
    }
    if (seal_of(bytes, size, want) != 0) {
        snprintf(why, why_len, "cannot compute its SHA-256 (OpenSSL failed)");
        return MCS_E_SOFTWARE;
    }
    if (memcmp(seal, want, MCS_H5_SEAL_BYTES) == 0)
        return MCS_OK;
    const char *length = seal_field(seal, "bytes"), *sum = seal_field(seal, "sha256");
    char *end = NULL;
    unsigned long long sealed = length ? strtoull(length, &end, 10) : 0;
    if (length && end != length && *end == '\n' && sealed != size)
        snprintf(why, why_len, "length mismatch: its seal says %llu bytes, the file has %zu "
                 "(cut short, or bytes added)", sealed, size);
    else if (sum && strncmp(sum, seal_field(want, "sha256"), 2 * SHA256_BYTES + 1) != 0)
        snprintf(why, why_len, "checksum mismatch: the SHA-256 of its bytes is not the one "
                 "its seal holds (damaged, or changed since mcsim wrote it)");
    else
        snprintf(why, why_len, "a malformed seal: its first %d bytes are not the seal its "
                 "bytes give (damaged)", MCS_H5_SEAL_BYTES);
    return MCS_E_DATA;
}

/* The whole of the regular file `path` into *data (malloc'ed), *size. */
static mcs_status read_whole(const char *path, const char *what, unsigned char **data,
                             size_t *size, char *err, size_t err_len)
{
    struct stat st;
    *data = NULL;
    mcs_status rc;
    int fd = mcs_input_open(what, path, &rc, err, err_len); /* a FIFO is never waited on */
    if (fd < 0)
        return rc;
    size_t used = 0, want = 0;
    if (fstat(fd, &st) != 0) {
        snprintf(err, err_len, "%s: cannot read the %s: %s", path, what, strerror(errno));
        rc = MCS_E_NOINPUT;
    } else if ((uint64_t)st.st_size > MCS_H5_READ_MAX) {
        snprintf(err, err_len, "%s: %lld bytes, more than the %zu bytes a %s may have "
                 "(MCS_H5_READ_MAX): not a file mcsim wrote", path, (long long)st.st_size,
                 MCS_H5_READ_MAX, what);
        rc = MCS_E_DATA;
    } else if ((*data = malloc((want = (size_t)st.st_size) > 0 ? want : 1)) == NULL) {
        snprintf(err, err_len, "%s: out of memory for its %zu bytes", path, want);
        rc = MCS_E_NOMEM;
    }
    while (rc == MCS_OK && used < want) { /* a file that shrinks meanwhile: its seal fails */
        ssize_t n = read(fd, *data + used, want - used);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            snprintf(err, err_len, "%s: cannot read the %s: %s", path, what, strerror(errno));
            rc = MCS_E_NOINPUT;
        } else if (n == 0) {
            break;
        } else {
            used += (size_t)n;
        }
    }
    close(fd);
    if (rc != MCS_OK) {
        free(*data);
        *data = NULL;
        return rc;
    }
    *size = used;
    return MCS_OK;
}

mcs_status mcs_h5_open_sealed(const char *path, const char *what, hid_t *file, char *err,
                              size_t err_len)
{
    unsigned char *data = NULL;
    size_t size = 0;
    char why[512];
    int unsealed = 0;
    *file = -1;
    mcs_status st = read_whole(path, what, &data, &size, err, err_len);
    if (st != MCS_OK)
        return st;
    st = mcs_h5_check_seal(data, size, &unsealed, why, sizeof why);
    const char *accept = getenv(MCS_H5_UNSEALED_ENV);
    if (st != MCS_OK && unsealed && accept && strcmp(accept, "1") == 0)
        st = MCS_OK; /* asked for: an older file, read unchecked */
    if (st != MCS_OK) {
        snprintf(err, err_len, "%s: refused as a %s: %s", path, what, why);
        free(data);
        return st;
    }
    /* HDF5 opens the image from memory, under a name no file has (with a
     * file image, the core driver refuses a name that exists on disk); each
     * open its own name, so HDF5 never takes two images for one file */
    static unsigned long opened;
    char name[64];
    snprintf(name, sizeof name, "/dev/null/mcsim-image-%lu", ++opened);
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    H5E_BEGIN_TRY {
        if (fapl >= 0 && H5Pset_fapl_core(fapl, 1 << 16, 0) >= 0 &&
            H5Pset_file_image(fapl, data, size) >= 0) {
            free(data); /* the property list holds its own copy */
            data = NULL;
            *file = H5Fopen(name, H5F_ACC_RDONLY, fapl);
        }
    }
    H5E_END_TRY;
    if (fapl >= 0)
        H5Pclose(fapl);
    free(data);
    if (*file < 0) {
        snprintf(err, err_len, "%s: refused as a %s: %s", path, what,
                 unsealed ? "not an HDF5 file HDF5 can open"
                          : "its seal holds, but HDF5 cannot open what it seals (not written "
                            "by mcsim, or out of memory)");
        return MCS_E_DATA;
    }
    return MCS_OK;
}

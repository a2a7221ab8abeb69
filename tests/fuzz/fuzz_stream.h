/* fuzz_stream.h - the fuzz input read as a stream of decisions and values
 * (zeros once it runs out), for the harnesses that build their inputs
 * rather than read them (fuzz_sweep.c, fuzz_h5.h). */
#ifndef MCS_FUZZ_STREAM_H
#define MCS_FUZZ_STREAM_H

#include <stddef.h>
#include <stdint.h>

/* --- the input as a stream of decisions; zeros once it runs out ------- */
typedef struct {
    const uint8_t *d;
    size_t n;
} src;

static inline uint64_t take(src *s, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        uint8_t b = 0;
        if (s->n) {
            b = *s->d++;
            s->n--;
        }
        v |= (uint64_t)b << (8 * i);
    }
    return v;
}
static inline unsigned u8(src *s) { return (unsigned)take(s, 1); }

/* Text of up to max - 1 bytes (length from the input, no NUL inside). */
static inline void take_text(src *s, char *buf, size_t max, int wide)
{
    size_t len = (size_t)take(s, wide ? 2 : 1) % max;
    size_t i = 0;
    for (; i < len && s->n; i++) {
        uint8_t b = (uint8_t)take(s, 1);
        buf[i] = b ? (char)b : ' ';
    }
    buf[i] = '\0';
}

#endif

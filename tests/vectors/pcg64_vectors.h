/* pcg64_vectors.h - golden vectors for mcs_pcg64, GENERATED: do not edit.
 * Origin: pcg-cpp pcg64 (pcg_engines::setseq_xsl_rr_128_64) from Debian
 * libpcg-cpp-dev 0.98.1-2, <pcg_random.hpp>; generator
 * tests/vectors/pcg64_vectors_gen.cpp. Regenerate from the repository root:
 *   g++ -std=c++17 -O2 tests/vectors/pcg64_vectors_gen.cpp -o /tmp/gen && /tmp/gen > tests/vectors/pcg64_vectors.h
 */
#ifndef MCS_PCG64_VECTORS_H
#define MCS_PCG64_VECTORS_H

#include <stdint.h>

#define PCG64_VECTOR_OUTPUTS 8

/* pcg64 g(seed, stream): internals right after construction, then the
 * first PCG64_VECTOR_OUTPUTS values of g(). */
typedef struct {
    uint64_t seed, stream;
    uint64_t inc_high, inc_low, state_high, state_low;
    uint64_t out[PCG64_VECTOR_OUTPUTS];
} pcg64_seed_vector;

static const pcg64_seed_vector pcg64_seed_vectors[] = {
    {.seed = 0x000000000000002Au, .stream = 0x0000000000000000u,
     .inc_high = 0x0000000000000000u, .inc_low = 0x0000000000000001u,
     .state_high = 0xF147CFDC5651BA97u, .state_low = 0x577C85E6D76D5D98u,
     .out = {0x3F042F649083F6AAu, 0x649AF5DF021045F2u, 0x1B7F129837B93984u,
             0x8306F9F6D118D044u, 0x4E81EA874CD318AFu, 0xC11A96039DC17FE8u,
             0xB2D1362915925206u, 0x7069ABFA94F06C8Cu}},
    {.seed = 0x000000000000002Au, .stream = 0x0000000000000001u,
     .inc_high = 0x0000000000000000u, .inc_low = 0x0000000000000003u,
     .state_high = 0x3809A9E695DE75DFu, .state_low = 0xDE8844B017074A24u,
     .out = {0xB811C8A186315A95u, 0x5951E6FBF8296748u, 0x77EEB491E52571D4u,
             0x05B9545DFC30F24Du, 0x2F960118793870FFu, 0x50F57D39A95D7C3Bu,
             0x02A41ED906360A3Au, 0x489DD6573BA25441u}},
    {.seed = 0x000000000000002Au, .stream = 0x0000000000000036u,
     .inc_high = 0x0000000000000000u, .inc_low = 0x000000000000006Du,
     .state_high = 0xDE2BCE05BE013BE3u, .state_low = 0xD3F6C45A41E54320u,
     .out = {0x86B1DA1D72062B68u, 0x1304AA46C9853D39u, 0xA3670E9E0DD50358u,
             0xF9090E529A7DAE00u, 0xC85B9FD837996F2Cu, 0x606121F8E3919196u,
             0x7CE1C7FF478354BAu, 0xCBC4AC70E541310Eu}},
    {.seed = 0xDEADBEEFCAFEF00Du, .stream = 0x00000000075BCD15u,
     .inc_high = 0x0000000000000000u, .inc_low = 0x000000000EB79A2Bu,
     .state_high = 0x74CD6850513F7C7Bu, .state_low = 0x9E75950A125CAB43u,
     .out = {0xE96117F835C61735u, 0x8CD025CDF74426F3u, 0xA4A7AE141A5DD888u,
             0xDD4ED19913C68272u, 0x2FD51E2656CAD76Eu, 0xED4A42839FA03A7Fu,
             0x947506E5B003A5C8u, 0xF2303D195E2665BDu}},
    {.seed = 0x0000000000000000u, .stream = 0x0000000000000000u,
     .inc_high = 0x0000000000000000u, .inc_low = 0x0000000000000001u,
     .state_high = 0x2360ED051FC65DA4u, .state_low = 0x4385DF649FCCF646u,
     .out = {0xD4FEB4E5A4BCFE09u, 0xE85A7FE071B026E6u, 0x3A5B9037FE928C11u,
             0x7B044380D100F216u, 0x1C7850A6B6D83E6Au, 0x240B82FCC04F0926u,
             0x7E43DF85BF9FBA26u, 0x43ADF3380B1FE129u}},
    {.seed = 0xFFFFFFFFFFFFFFFFu, .stream = 0xFFFFFFFFFFFFFFFFu,
     .inc_high = 0x0000000000000001u, .inc_low = 0xFFFFFFFFFFFFFFFFu,
     .state_high = 0x83CFC4239FDA2788u, .state_low = 0x78F44136C0661375u,
     .out = {0xD647663E811BBA63u, 0x47D514FA3F5712EBu, 0x7DBEF47A6728BF46u,
             0xAF10D90C95FEBB06u, 0xD272C581230CAEE4u, 0xB2579D567C77049Cu,
             0x216068ED179F1FDBu, 0xB9BC50A058366856u}},
};

/* pcg64 g(42, 54); g.advance(delta): internals after, then
 * the next value of g(). */
#define PCG64_ADVANCE_SEED 42u
#define PCG64_ADVANCE_STREAM 54u
typedef struct {
    uint64_t delta_high, delta_low, state_high, state_low, next;
} pcg64_advance_vector;

static const pcg64_advance_vector pcg64_advance_vectors[] = {
    {.delta_high = 0x0000000000000000u, .delta_low = 0x00000000000003E8u,
     .state_high = 0xACC2CA76ECC80DC1u, .state_low = 0xEEB6C37CBDAAD3D8u, .next = 0xF771891BD1A77D13u},
    {.delta_high = 0x0000000000000000u, .delta_low = 0x0000010000000007u,
     .state_high = 0xF2282CBD5779F527u, .state_low = 0x87E2148E4F24B4CFu, .next = 0x49794A304BFD1142u},
    {.delta_high = 0x0000000000000001u, .delta_low = 0x0000000000000005u,
     .state_high = 0xAFC7705E8E00F086u, .state_low = 0xAEB112CD823D06A9u, .next = 0x7A35C28D7B154CA6u},
    {.delta_high = 0xFFFFFFFFFFFFFFFFu, .delta_low = 0xFFFFFFFFFFFFFFFFu,
     .state_high = 0x0000000000000000u, .state_low = 0x0000000000000097u, .next = 0xBA14BFFFC8F1861Bu},
};

/* pcg64 g(PCG64_ADVANCE_SEED, PCG64_ADVANCE_STREAM); 5 calls of g();
 * g.discard(1000) (checked equal to as many calls of g()); then g(). */
#define PCG64_DISCARD_BEFORE 5u
#define PCG64_DISCARD_N 1000u
#define PCG64_DISCARD_NEXT 0xB59327A800C68B55u

#endif

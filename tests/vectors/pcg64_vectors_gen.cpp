// pcg64_vectors_gen.cpp - prints tests/vectors/pcg64_vectors.h, golden pcg64
// vectors from the reference implementation (Debian's pcg-cpp <pcg_random.hpp>).
// Regenerate (from the repository root):
//   g++ -std=c++17 -O2 tests/vectors/pcg64_vectors_gen.cpp -o /tmp/gen && /tmp/gen > tests/vectors/pcg64_vectors.h
#include <pcg_random.hpp>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

using pcg_extras::pcg128_t;

const int kOutputs = 8;

// pcg64 with its protected LCG state and increment made readable; generation is unchanged.
struct Pcg64 : pcg64 {
    using pcg64::pcg64;
    pcg128_t state() const { return state_; }
    pcg128_t inc() const { return this->increment(); }
};

std::string pcg_cpp_version()
{
    std::string v = "unknown";
    FILE *p = popen("dpkg-query -W -f='${Version}' libpcg-cpp-dev 2>/dev/null", "r");
    if (p) {
        char buf[128];
        if (std::fgets(buf, sizeof buf, p) && buf[0])
            v = buf;
        pclose(p);
    }
    return v;
}

void print_u128(const char *name, pcg128_t x)
{
    std::printf(".%s_high = 0x%016" PRIX64 "u, .%s_low = 0x%016" PRIX64 "u", name,
                uint64_t(x >> 64), name, uint64_t(x));
}

}  // namespace

int main()
{
    const struct {
        uint64_t seed, stream;
    } seeds[] = {{42, 0}, {42, 1}, {42, 54}, {0xDEADBEEFCAFEF00DULL, 123456789}, {0, 0},
                 {~0ULL, ~0ULL}};
    const uint64_t adv_seed = 42, adv_stream = 54;
    const pcg128_t deltas[] = {1000, (pcg128_t(1) << 40) + 7, (pcg128_t(1) << 64) + 5,
                               ~pcg128_t(0) /* 2^128 - 1: one step back */};
    const uint64_t discard_before = 5, discard_n = 1000;

    std::printf("/* pcg64_vectors.h - golden vectors for mcs_pcg64, GENERATED: do not edit.\n"
                " * Origin: pcg-cpp pcg64 (pcg_engines::setseq_xsl_rr_128_64) from Debian\n"
                " * libpcg-cpp-dev %s, <pcg_random.hpp>; generator\n"
                " * tests/vectors/pcg64_vectors_gen.cpp. Regenerate from the repository root:\n"
                " *   g++ -std=c++17 -O2 tests/vectors/pcg64_vectors_gen.cpp -o /tmp/gen && "
                "/tmp/gen > tests/vectors/pcg64_vectors.h\n"
                " */\n"
                "#ifndef MCS_PCG64_VECTORS_H\n#define MCS_PCG64_VECTORS_H\n\n"
                "#include <stdint.h>\n\n",
                pcg_cpp_version().c_str());

    std::printf("#define PCG64_VECTOR_OUTPUTS %d\n\n", kOutputs);
    std::printf("/* pcg64 g(seed, stream): internals right after construction, then the\n"
                " * first PCG64_VECTOR_OUTPUTS values of g(). */\n"
                "typedef struct {\n    uint64_t seed, stream;\n"
                "    uint64_t inc_high, inc_low, state_high, state_low;\n"
                "    uint64_t out[PCG64_VECTOR_OUTPUTS];\n} pcg64_seed_vector;\n\n"
                "static const pcg64_seed_vector pcg64_seed_vectors[] = {\n");
    for (const auto &s : seeds) {
        Pcg64 g(s.seed, s.stream);
        std::printf("    {.seed = 0x%016" PRIX64 "u, .stream = 0x%016" PRIX64 "u,\n     ", s.seed,
                    s.stream);
        print_u128("inc", g.inc());
        std::printf(",\n     ");
        print_u128("state", g.state());
        std::printf(",\n     .out = {");
        for (int i = 0; i < kOutputs; i++)
            std::printf("%s0x%016" PRIX64 "u", i == 0 ? "" : i % 3 == 0 ? ",\n             " : ", ",
                        uint64_t(g()));
        std::printf("}},\n");
    }
    std::printf("};\n\n");

    std::printf("/* pcg64 g(%" PRIu64 ", %" PRIu64 "); g.advance(delta): internals after, then\n"
                " * the next value of g(). */\n"
                "#define PCG64_ADVANCE_SEED %" PRIu64 "u\n#define PCG64_ADVANCE_STREAM %" PRIu64
                "u\n"
                "typedef struct {\n    uint64_t delta_high, delta_low, state_high, state_low, "
                "next;\n} pcg64_advance_vector;\n\n"
                "static const pcg64_advance_vector pcg64_advance_vectors[] = {\n",
                adv_seed, adv_stream, adv_seed, adv_stream);
    for (pcg128_t d : deltas) {
        Pcg64 g(adv_seed, adv_stream);
        g.advance(d);
        std::printf("    {");
        print_u128("delta", d);
        std::printf(",\n     ");
        print_u128("state", g.state());
        std::printf(", .next = 0x%016" PRIX64 "u},\n", uint64_t(g()));
    }
    std::printf("};\n\n");

    // Discard check: discard(n) after some outputs must equal n calls of g().
    pcg64 a(adv_seed, adv_stream), b(adv_seed, adv_stream);
    for (uint64_t i = 0; i < discard_before; i++)
        a(), b();
    a.discard(discard_n);
    for (uint64_t i = 0; i < discard_n; i++)
        b();
    uint64_t next_a = a(), next_b = b();
    if (next_a != next_b) {
        std::fprintf(stderr, "pcg-cpp discard disagrees with stepping\n");
        return 1;
    }
    std::printf("/* pcg64 g(PCG64_ADVANCE_SEED, PCG64_ADVANCE_STREAM); %" PRIu64
                " calls of g();\n"
                " * g.discard(%" PRIu64 ") (checked equal to as many calls of g()); then g(). */\n"
                "#define PCG64_DISCARD_BEFORE %" PRIu64 "u\n#define PCG64_DISCARD_N %" PRIu64 "u\n"
                "#define PCG64_DISCARD_NEXT 0x%016" PRIX64 "u\n\n",
                discard_before, discard_n, discard_before, discard_n, next_a);

    std::printf("#endif\n");
    return 0;
}

/* provenance.c - what `mcsim estimate` says about its profiles: terms
 * scaled, another host (provenance.h). */
#include "provenance.h"
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "json_out.h"
#include "sysinfo.h"

void mcs_scaled_terms_print(FILE *f, const mcs_profile *cp, const mcs_profile *gp, int json)
{
    const mcs_profile *sides[2] = {cp, gp->has_gpu ? gp : NULL};
    const char *names[2] = {"cpu", "gpu"};
    int n = 0;
    if (json)
        fputc('[', f);
    for (int k = 0; k < 2; k++) {
        const mcs_profile *p = sides[k];
        if (!p || p->calibrated)
            continue;
        /* its terms, and on the GPU side the log's write as this host's
         * (model.c: the reference's GPU log x the CPU profile's log over
         * the reference host's; the warm ratio) */
        mcs_scaled_term terms[MCS_SCALED_TERMS_MAX + 1];
        int count = 0;
        for (int i = 0; i < p->n_scaled; i++)
            if (strcmp(p->scaled[i].side, names[k]) == 0)
                terms[count++] = p->scaled[i];
        if (k == 1 && p->gpu.write_host_warm_s > 0 && cp->has_cpu && cp->cpu.write_warm_s > 0)
            terms[count++] = (mcs_scaled_term){
                .side = "gpu", .term = "log_write", .by = "the host's CPU log / the reference host's",
                .ratio = cp->cpu.write_warm_s / p->gpu.write_host_warm_s};
        for (int i = 0; i < count; i++) {
            const mcs_scaled_term *t = &terms[i];
            if (json) {
                fprintf(f, "%s{\"side\": \"%s\", \"profile\": ", n ? ", " : "", t->side);
                mcs_json_string(f, p->name);
                mcs_json_key_string(f, "from", p->scaled_from);
                fprintf(f, ", \"term\": \"%s\"", t->term);
                mcs_json_key_number(f, "ratio", t->ratio);
                mcs_json_key_string(f, "by", t->by);
                fputc('}', f);
            } else {
                if (i == 0)
                    fprintf(f, "  %s %s scaled from '%s' (cost here / there):", t->side,
                            p->name, p->scaled_from);
                fprintf(f, "%s %s x%.4g (%s)", i == 0 ? "" : ",", t->term, t->ratio, t->by);
            }
            n++;
        }
        if (!json && count)
            fprintf(f, "; the other measured fixed costs kept\n");
    }
    if (json)
        fputc(']', f);
}

int mcs_profile_other_host(const mcs_profile *p, char *why, size_t len)
{
    char host[MCS_PROFILE_TEXT], cpu[MCS_PROFILE_TEXT];
    if (!p->calibrated || !p->host[0])
        return 0;
    mcs_sysinfo_host(host, sizeof host);
    mcs_sysinfo_cpu_model(cpu, sizeof cpu);
    int other_cpu = p->has_cpu && p->cpu.model[0] && strcmp(p->cpu.model, cpu) != 0;
    if (strcmp(p->host, host) == 0 && !other_cpu)
        return 0;
    snprintf(why, len, "host '%s', CPU '%s'; this is host '%s', CPU '%s'", p->host,
             p->has_cpu ? p->cpu.model : "-", host, cpu);
    return 1;
}

int mcs_profile_quick_line(const mcs_profile *cp, const mcs_profile *gp, char *line, size_t len)
{
    const mcs_profile *quick[2] = {cp->quick ? cp : NULL,
                                   gp->has_gpu && gp->quick && strcmp(gp->origin, cp->origin)
                                       ? gp : NULL};
    size_t used = 0;
    line[0] = '\0';
    for (int k = 0; k < 2 && used < len; k++)
        if (quick[k])
            used += (size_t)snprintf(line + used, len - used, "%s'%s' (%s)", used ? " and " : "",
                                     quick[k]->name, quick[k]->origin);
    if (!line[0])
        return 0;
    if (used < len)
        snprintf(line + used, len - used, " measured by `mcsim calibrate --quick` (2 rounds a "
                 "figure, most kernels at one step count): `mcsim calibrate` "
                 "measures fully");
    return 1;
}

double mcs_profile_cpu_distance(const mcs_profile *p, const char *model, double threads)
{
    if (!p->has_cpu)
        return INFINITY;
    if (p->cpu.model[0] && strcmp(p->cpu.model, model) == 0)
        return 0;
    return p->cpu.threads > 0 && threads > 0 ? 1 + fabs(log(p->cpu.threads / threads)) : 1e9;
}

/* Does `word` (len characters) hold a digit? */
static int has_digit(const char *word, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (isdigit((unsigned char)word[i]))
            return 1;
    return 0;
}

double mcs_profile_gpu_distance(const mcs_profile *p, const char *name)
{
    if (!p->has_gpu || !name[0])
        return INFINITY;
    if (strcmp(p->gpu.model, name) == 0)
        return 0;
    int shared = 0; /* words of p's model that hold a digit and are words of name too */
    for (const char *w = p->gpu.model; *w;) {
        size_t n = strcspn(w, " -_");
        for (const char *v = name; n && *v;) {
            size_t m = strcspn(v, " -_");
            if (m == n && has_digit(w, n) && strncasecmp(w, v, n) == 0) {
                shared++;
                break;
            }
            v += m + (v[m] != '\0');
        }
        w += n + (w[n] != '\0');
    }
    return shared ? 1.0 / shared : INFINITY;
}

/* This machine's first NVIDIA GPU's name from the driver ("" when none). */
static void driver_gpu_name(char *buf, size_t len)
{
    buf[0] = '\0';
    DIR *d = opendir("/proc/driver/nvidia/gpus");
    struct dirent *e;
    while (d && !buf[0] && (e = readdir(d)) != NULL) {
        char path[512], line[256];
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "/proc/driver/nvidia/gpus/%s/information", e->d_name);
        FILE *f = fopen(path, "r");
        while (f && fgets(line, sizeof line, f))
            if (strncmp(line, "Model:", 6) == 0) {
                char *v = line + 6;
                v += strspn(v, " \t");
                v[strcspn(v, "\r\n")] = '\0';
                snprintf(buf, len, "%s", v);
                break;
            }
        if (f)
            fclose(f);
    }
    if (d)
        closedir(d);
}

int mcs_profile_nearest(char *cpu, size_t cpu_len, char *gpu, size_t gpu_len, char *line,
                        size_t len)
{
    struct stat st;
    if (mcs_profile_local_named() || stat("profiles/local.ini", &st) == 0)
        return 0;
    char model[MCS_PROFILE_TEXT], gpu_name[MCS_PROFILE_TEXT];
    mcs_sysinfo_cpu_model(model, sizeof model);
    driver_gpu_name(gpu_name, sizeof gpu_name);
    double threads = mcs_sysinfo_cores(), best[2] = {INFINITY, INFINITY};
    int best_calibrated[2] = {0, 0};
    cpu[0] = gpu[0] = '\0';
    for (const mcs_catalogue_entry *e = mcs_catalogue; e->name; e++) { /* sorted by name */
        mcs_profile p;
        char why[256];
        if (mcs_profile_parse(e->text, e->name, &p, why, sizeof why) != MCS_OK)
            continue;
        double d[2] = {mcs_profile_cpu_distance(&p, model, threads),
                       mcs_profile_gpu_distance(&p, gpu_name)};
        for (int k = 0; k < 2; k++)
            if (d[k] < best[k] || (d[k] == best[k] && isfinite(d[k]) && p.calibrated &&
                                   !best_calibrated[k])) {
                best[k] = d[k];
                best_calibrated[k] = p.calibrated;
                snprintf(k ? gpu : cpu, k ? gpu_len : cpu_len, "%s", e->name);
            }
    }
    char gpu_why[MCS_PROFILE_TEXT + 64];
    if (gpu[0])
        snprintf(gpu_why, sizeof gpu_why, "'%s' (%s)", gpu,
                 best[1] == 0 ? "this GPU's model" : "the most words of this GPU's name");
    else
        snprintf(gpu_why, sizeof gpu_why, "none (%s)",
                 gpu_name[0] ? "no entry like this GPU" : "no NVIDIA GPU seen");
    snprintf(line, len, "no profile (no local profile; `mcsim calibrate` measures this machine): "
             "the catalogue's nearest entries, cpu '%s' (%s), with this machine's %.0f threads, "
             "gpu %s", cpu, best[0] == 0 ? "this CPU's model" : "threads nearest this machine's",
             threads, gpu_why);
    return cpu[0] != '\0';
}

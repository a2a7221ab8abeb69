/* provenance.c - what `mcsim estimate` says about its profiles: terms
 * scaled, another host (provenance.h). */
#include "provenance.h"
#include <string.h>
#include "report.h"
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
        int first = 1;
        for (int i = 0; i < p->n_scaled; i++) {
            const mcs_scaled_term *t = &p->scaled[i];
            if (strcmp(t->side, names[k]) != 0)
                continue;
            if (json) {
                fprintf(f, "%s{\"side\": \"%s\", \"profile\": ", n ? ", " : "", t->side);
                mcs_json_string(f, p->name);
                fputs(", \"from\": ", f);
                mcs_json_string(f, p->scaled_from);
                fprintf(f, ", \"term\": \"%s\", \"ratio\": ", t->term);
                mcs_json_number(f, t->ratio);
                fputs(", \"by\": ", f);
                mcs_json_string(f, t->by);
                fputc('}', f);
            } else {
                if (first)
                    fprintf(f, "  %s %s scaled from '%s' (cost here / there):", t->side,
                            p->name, p->scaled_from);
                fprintf(f, "%s %s x%.4g (%s)", first ? "" : ",", t->term, t->ratio, t->by);
            }
            first = 0;
            n++;
        }
        if (!json && !first)
            fprintf(f, "; measured fixed costs kept\n");
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
                 "figure, the non-default generators' kernels inferred): `mcsim calibrate` "
                 "measures fully");
    return 1;
}

/* provenance.c - what `mcsim estimate` says about its profiles (provenance.h). */
#include "provenance.h"
#include <string.h>
#include "report.h"

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

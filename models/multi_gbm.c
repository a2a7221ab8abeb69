/* multi_gbm.c - what the multi-asset GBM (models/multi_gbm.h) derives from
 * its keys when the config is read: the correlation (one number for every
 * pair, or the matrix) checked and factored, L L^T = C, by Cholesky that
 * takes a positive semi-definite C too (correlation = 1, a rank-deficient
 * matrix: a zero pivot with a zero column gives a zero column of L), and
 * a matrix that is not symmetric, has
 * not a unit diagonal or is not positive semi-definite is refused, naming
 * the key. Then a_ij = sigma_i L_ij, the drifts and spots, in both
 * precisions (core/asset_factor.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "multi_gbm_derive.h"
#include "multi_gbm_params.h"

/* Tolerance of the checks: symmetry and the unit diagonal to 1e-12, a
 * pivot to 1e-10 (a correlation given to 12 digits passes; a matrix
 * negative beyond it is refused). */
#define SYMMETRY_TOL 1e-12
#define PIVOT_TOL 1e-10
#define ZERO_COLUMN_TOL 1e-7 /* about the square root of PIVOT_TOL */

/* L (n x n row-major, lower triangular) with L L^T = C by Cholesky; where a
 * pivot is 0 within the tolerance (C positive semi-definite but singular:
 * correlation = 1, a rank-deficient matrix) the rest of its column must be
 * 0 within the tolerance too, and the column of L is 0. The rank (the
 * columns that are not 0) in *rank; 0 and why where C is not positive
 * semi-definite (a negative pivot, or a zero pivot with a non-zero column). */
static int cholesky_psd(const double *c, uint32_t n, double *l, uint32_t *rank, char *why,
                        size_t len)
{
    *rank = 0;
    memset(l, 0, sizeof(double) * n * n);
    for (uint32_t j = 0; j < n; j++) {
        double d = c[j * n + j];
        for (uint32_t k = 0; k < j; k++)
            d -= l[j * n + k] * l[j * n + k];
        if (d < -PIVOT_TOL) {
            snprintf(why, len, "not positive semi-definite (pivot %u of its Cholesky "
                               "factorisation is %.3g < 0)", j + 1, d);
            return 0;
        }
        const int zero = d <= PIVOT_TOL;
        const double root = zero ? 0 : sqrt(d);
        l[j * n + j] = root;
        for (uint32_t i = j + 1; i < n; i++) {
            double x = c[i * n + j];
            for (uint32_t k = 0; k < j; k++)
                x -= l[i * n + k] * l[j * n + k];
            if (zero && fabs(x) > ZERO_COLUMN_TOL) {
                snprintf(why, len, "not positive semi-definite (pivot %u of its Cholesky "
                                   "factorisation is 0 and its column is not: %.3g)", j + 1, x);
                return 0;
            }
            l[i * n + j] = zero ? 0 : x / root;
        }
        *rank += !zero;
    }
    return 1;
}

static int factor(mcs_multi_gbm_params *m, uint32_t n, double *c, double *l, char *why, size_t len);

int mcs_multi_gbm_derive(mcs_model_params *params, char *why, size_t len)
{
    mcs_multi_gbm_params *m = mcs_multi_gbm_params_in(params);
    const uint32_t n = m->assets;
    if (n < 1 || n > MCS_MOST_ASSETS || m->spots.n != n || m->volatilities.n != n ||
        m->dividends.n != n) {
        snprintf(why, len, "assets = %u and its lists' lengths differ (1 to %d assets)", n,
                 MCS_MOST_ASSETS);
        return 0;
    }
    /* the correlation and its factor, n x n each (on the heap: 64 KB at 64 assets) */
    double *c = malloc(2 * sizeof(double) * n * n);
    if (!c) {
        snprintf(why, len, "out of memory for the correlation of %u assets", n);
        return 0;
    }
    const int ok = factor(m, n, c, c + (size_t)n * n, why, len);
    free(c);
    return ok;
}

/* mcs_multi_gbm_derive's work with its buffers c and l (n x n each). */
static int factor(mcs_multi_gbm_params *m, uint32_t n, double *c, double *l, char *why, size_t len)
{
    const char *key = m->correlation_matrix.n ? "correlation_matrix" : "correlation";
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < n; j++)
            c[i * n + j] = m->correlation_matrix.n ? m->correlation_matrix.v[i * n + j]
                                                   : (i == j ? 1.0 : m->correlation);
    for (uint32_t i = 0; i < n; i++) {
        if (fabs(c[i * n + i] - 1) > SYMMETRY_TOL) {
            snprintf(why, len, "[model] %s: element (%u, %u) is %.17g: a correlation matrix "
                               "has 1 on its diagonal", key, i + 1, i + 1, c[i * n + i]);
            return 0;
        }
        for (uint32_t j = 0; j < i; j++)
            if (fabs(c[i * n + j] - c[j * n + i]) > SYMMETRY_TOL) {
                snprintf(why, len, "[model] %s is not symmetric: element (%u, %u) is %.17g and "
                                   "(%u, %u) is %.17g", key, i + 1, j + 1, c[i * n + j], j + 1,
                         i + 1, c[j * n + i]);
                return 0;
            }
    }
    char step[200];
    uint32_t rank = 0;
    if (!cholesky_psd(c, n, l, &rank, step, sizeof step)) {
        if (m->correlation_matrix.n)
            snprintf(why, len, "[model] correlation_matrix is %s: not a correlation matrix",
                     step);
        else
            snprintf(why, len, "[model] correlation = %.17g for every pair of %u assets is %s "
                               "(it needs correlation >= -1/(assets - 1) = %.6g)",
                     m->correlation, n, step, n > 1 ? -1.0 / (n - 1) : -1.0);
        return 0;
    }
    mcs_asset_factor *f = &m->factor;
    memset(f, 0, sizeof *f);
    for (uint32_t i = 0; i < n; i++) {
        const double sigma = m->volatilities.v[i];
        for (uint32_t j = 0; j < n; j++) {
            f->a_d[i * n + j] = sigma * l[i * n + j];
            f->a_f[i * n + j] = (float)f->a_d[i * n + j];
        }
        f->drift_d[i] = m->rate - m->dividends.v[i] - 0.5 * sigma * sigma;
        f->drift_f[i] = (float)f->drift_d[i];
        f->spot_d[i] = m->spots.v[i];
        f->spot_f[i] = (float)f->spot_d[i];
    }
    f->rank = rank;
    return 1;
}

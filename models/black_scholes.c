/* black_scholes.c - Black-Scholes-Merton closed form. */
#include "black_scholes.h"
#include <math.h>

double mcs_normal_cdf(double x)
{
    return 0.5 * erfc(-x / sqrt(2.0));
}

double mcs_black_scholes(double spot, double strike, double rate, double dividend,
                         double volatility, double maturity, int is_call)
{
    double sd = volatility * sqrt(maturity);
    double d1 = (log(spot / strike) + (rate - dividend) * maturity) / sd + 0.5 * sd;
    double d2 = d1 - sd;
    double fwd_spot = spot * exp(-dividend * maturity);
    double pv_strike = strike * exp(-rate * maturity);
    if (is_call)
        return fwd_spot * mcs_normal_cdf(d1) - pv_strike * mcs_normal_cdf(d2);
    return pv_strike * mcs_normal_cdf(-d2) - fwd_spot * mcs_normal_cdf(-d1);
}

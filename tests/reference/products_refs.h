/* products_refs.h - reference prices for mcsim's path-dependent products
 * (digital, asian, barrier, lookback).
 *
 * GENERATED FILE - do not edit by hand.
 * Origin: QuantLib 1.29 (quantlib-python), via tests/reference/products_refs.py,
 * whose docstring explains each engine and every convention adapted to mcsim's.
 * Regenerate: /usr/bin/python3 tests/reference/products_refs.py > tests/reference/products_refs.h
 *
 * Maturities are whole days / 365 (Actual365Fixed, flat continuous curves);
 * asian fixings and discrete barrier monitoring dates are k T / n, k = 1..n.
 * closed_form = 1: an exact closed form that engine/analytic.c must reproduce.
 * closed_form = 0: a QuantLib Monte Carlo value (ref_se = its error estimate)
 * or the Broadie-Glasserman-Kou approximation for discrete barriers (ref_se = 0;
 * origin says APPROXIMATION). Unused fields are 0.
 */
#ifndef MCS_PRODUCTS_REFS_H
#define MCS_PRODUCTS_REFS_H

#include "job.h" /* enums */

typedef struct {
    const char *name;
    double spot, rate, dividend, volatility, maturity;
    mcs_payoff_id payoff; mcs_option_type type; double strike;
    mcs_digital_kind digital; double cash;
    mcs_average_kind average; uint32_t fixings; mcs_strike_type strike_type;
    double barrier; mcs_barrier_type barrier_type; double rebate; mcs_monitoring monitoring;
    uint32_t steps;      /* time grid the Monte Carlo test should use */
    double price;        /* the reference value (discounted) */
    double ref_se;       /* the reference's own std error: 0 for closed forms, >0 for QuantLib MC */
    int closed_form;     /* 1 when price is a closed form an analytic C function must reproduce exactly */
    const char *origin;  /* where the number comes from */
    /* the job as config assignments (tests/reference/ref_sets.py), which
     * tests/product_test_util.h loads as the command line would */
    const char *sets;
} mcs_product_ref;

static const mcs_product_ref mcs_product_refs[] = {
    /* ---- digital: 8 cases ---- */
    {.name = "digital_atm_cash_call", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_DIGITAL, .type = MCS_CALL,
     .strike = 100.0, .digital = MCS_DIGITAL_CASH, .cash = 10.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0,
     .steps = 1, .price = 5.323248154537635, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticEuropeanEngine, CashOrNothingPayoff",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=digital option.type=call option.maturity=1.0 "
              "option.strike=100.0 option.digital=cash option.cash=10.0"},
    {.name = "digital_atm_cash_put", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_DIGITAL, .type = MCS_PUT,
     .strike = 100.0, .digital = MCS_DIGITAL_CASH, .cash = 10.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0,
     .steps = 1, .price = 4.189046090469504, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticEuropeanEngine, CashOrNothingPayoff",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=digital option.type=put option.maturity=1.0 "
              "option.strike=100.0 option.digital=cash option.cash=10.0"},
    {.name = "digital_atm_asset_call", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_DIGITAL, .type = MCS_CALL,
     .strike = 100.0, .digital = MCS_DIGITAL_ASSET, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0,
     .steps = 1, .price = 63.683065117561924, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticEuropeanEngine, AssetOrNothingPayoff",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=digital option.type=call option.maturity=1.0 "
              "option.strike=100.0 option.digital=asset"},
    {.name = "digital_atm_asset_put", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_DIGITAL, .type = MCS_PUT,
     .strike = 100.0, .digital = MCS_DIGITAL_ASSET, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0,
     .steps = 1, .price = 36.316934882438076, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticEuropeanEngine, AssetOrNothingPayoff",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=digital option.type=put option.maturity=1.0 "
              "option.strike=100.0 option.digital=asset"},
    {.name = "digital_otm_cash_call", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_DIGITAL,
     .type = MCS_CALL, .strike = 110.0, .digital = MCS_DIGITAL_CASH, .cash = 1.0, .average = 0,
     .fixings = 0, .strike_type = 0, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = 0, .steps = 1, .price = 0.30776868817820624, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticEuropeanEngine, CashOrNothingPayoff",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=digital option.type=call "
              "option.maturity=0.4986301369863014 option.strike=110.0 option.digital=cash "
              "option.cash=1.0"},
    {.name = "digital_otm_cash_put", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_DIGITAL,
     .type = MCS_PUT, .strike = 110.0, .digital = MCS_DIGITAL_CASH, .cash = 1.0, .average = 0,
     .fixings = 0, .strike_type = 0, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = 0, .steps = 1, .price = 0.6773837363090442, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticEuropeanEngine, CashOrNothingPayoff",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=digital option.type=put "
              "option.maturity=0.4986301369863014 option.strike=110.0 option.digital=cash "
              "option.cash=1.0"},
    {.name = "digital_otm_asset_call", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_DIGITAL,
     .type = MCS_CALL, .strike = 110.0, .digital = MCS_DIGITAL_ASSET, .cash = 0.0, .average = 0,
     .fixings = 0, .strike_type = 0, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = 0, .steps = 1, .price = 40.04193038761798, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticEuropeanEngine, AssetOrNothingPayoff",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=digital option.type=call "
              "option.maturity=0.4986301369863014 option.strike=110.0 option.digital=asset"},
    {.name = "digital_otm_asset_put", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_DIGITAL,
     .type = MCS_PUT, .strike = 110.0, .digital = MCS_DIGITAL_ASSET, .cash = 0.0, .average = 0,
     .fixings = 0, .strike_type = 0, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = 0, .steps = 1, .price = 58.96576548975417, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticEuropeanEngine, AssetOrNothingPayoff",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=digital option.type=put "
              "option.maturity=0.4986301369863014 option.strike=110.0 option.digital=asset"},
    /* ---- asian, geometric, fixed strike: 5 cases ---- */
    {.name = "asian_geo_fixed_1_call", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 0.9972602739726028, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_CALL, .strike = 100.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_GEOMETRIC, .fixings = 1, .strike_type = MCS_STRIKE_FIXED,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 1,
     .price = 10.433003008340552, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticDiscreteGeometricAveragePriceAsianEngine",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=asian option.type=call "
              "option.maturity=0.9972602739726028 option.strike=100.0 option.strike_type=fixed "
              "option.average=geometric option.fixings=1"},
    {.name = "asian_geo_fixed_12_call", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 0.9863013698630136, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_CALL, .strike = 100.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_GEOMETRIC, .fixings = 12, .strike_type = MCS_STRIKE_FIXED,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 12,
     .price = 5.893478355909273, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticDiscreteGeometricAveragePriceAsianEngine",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=asian option.type=call "
              "option.maturity=0.9863013698630136 option.strike=100.0 option.strike_type=fixed "
              "option.average=geometric option.fixings=12"},
    {.name = "asian_geo_fixed_12_put", .spot = 100.0, .rate = 0.05, .dividend = 0.02,
     .volatility = 0.3, .maturity = 0.9863013698630136, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_PUT, .strike = 105.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_GEOMETRIC, .fixings = 12, .strike_type = MCS_STRIKE_FIXED,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 12,
     .price = 9.26826549688846, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticDiscreteGeometricAveragePriceAsianEngine",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.02 "
              "model.volatility=0.3 option.payoff=asian option.type=put "
              "option.maturity=0.9863013698630136 option.strike=105.0 option.strike_type=fixed "
              "option.average=geometric option.fixings=12"},
    {.name = "asian_geo_fixed_52_call", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.25, .maturity = 0.9972602739726028, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_CALL, .strike = 95.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_GEOMETRIC, .fixings = 52, .strike_type = MCS_STRIKE_FIXED,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 52,
     .price = 8.26927190370259, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticDiscreteGeometricAveragePriceAsianEngine",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.25 option.payoff=asian option.type=call "
              "option.maturity=0.9972602739726028 option.strike=95.0 option.strike_type=fixed "
              "option.average=geometric option.fixings=52"},
    {.name = "asian_geo_fixed_52_put", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.4, .maturity = 0.9972602739726028, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_PUT, .strike = 100.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_GEOMETRIC, .fixings = 52, .strike_type = MCS_STRIKE_FIXED,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 52,
     .price = 8.344891866782607, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticDiscreteGeometricAveragePriceAsianEngine",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.4 option.payoff=asian option.type=put "
              "option.maturity=0.9972602739726028 option.strike=100.0 option.strike_type=fixed "
              "option.average=geometric option.fixings=52"},
    /* ---- asian, geometric, floating strike: 4 cases ---- */
    {.name = "asian_geo_float_12_call", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 0.9863013698630136, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_CALL, .strike = 0.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_GEOMETRIC, .fixings = 12, .strike_type = MCS_STRIKE_FLOATING,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 12,
     .price = 5.629766992311552, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticDiscreteGeometricAverageStrikeAsianEngine on fixings 0..(n-1)u expiring (n-1)u, times e^{-qu} (u = T/n): exact shift to fixings u..T",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=asian option.type=call "
              "option.maturity=0.9863013698630136 option.strike_type=floating "
              "option.average=geometric option.fixings=12"},
    {.name = "asian_geo_float_12_put", .spot = 100.0, .rate = 0.05, .dividend = 0.02,
     .volatility = 0.3, .maturity = 0.9863013698630136, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_PUT, .strike = 0.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_GEOMETRIC, .fixings = 12, .strike_type = MCS_STRIKE_FLOATING,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 12,
     .price = 5.272192690941395, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticDiscreteGeometricAverageStrikeAsianEngine on fixings 0..(n-1)u expiring (n-1)u, times e^{-qu} (u = T/n): exact shift to fixings u..T",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.02 "
              "model.volatility=0.3 option.payoff=asian option.type=put "
              "option.maturity=0.9863013698630136 option.strike_type=floating "
              "option.average=geometric option.fixings=12"},
    {.name = "asian_geo_float_52_call", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.25, .maturity = 0.9972602739726028, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_CALL, .strike = 0.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_GEOMETRIC, .fixings = 52, .strike_type = MCS_STRIKE_FLOATING,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 52,
     .price = 6.028481410262594, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticDiscreteGeometricAverageStrikeAsianEngine on fixings 0..(n-1)u expiring (n-1)u, times e^{-qu} (u = T/n): exact shift to fixings u..T",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.25 option.payoff=asian option.type=call "
              "option.maturity=0.9972602739726028 option.strike_type=floating "
              "option.average=geometric option.fixings=52"},
    {.name = "asian_geo_float_52_put", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.4, .maturity = 0.9972602739726028, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_PUT, .strike = 0.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_GEOMETRIC, .fixings = 52, .strike_type = MCS_STRIKE_FLOATING,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 52,
     .price = 7.150275299781519, .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticDiscreteGeometricAverageStrikeAsianEngine on fixings 0..(n-1)u expiring (n-1)u, times e^{-qu} (u = T/n): exact shift to fixings u..T",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.4 option.payoff=asian option.type=put "
              "option.maturity=0.9972602739726028 option.strike_type=floating "
              "option.average=geometric option.fixings=52"},
    /* ---- asian, arithmetic, fixed strike (Monte Carlo): 4 cases ---- */
    /* cross-check: QuantLib FdBlackScholesAsianEngine(400, 400, 200) = 6.107692186827563 */
    {.name = "asian_arith_fixed_12_call", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 0.9863013698630136, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_CALL, .strike = 100.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_ARITHMETIC, .fixings = 12, .strike_type = MCS_STRIKE_FIXED,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 12,
     .price = 6.106567795607241, .ref_se = 0.0003241186168624358, .closed_form = 0,
     .origin = "QuantLib MCDiscreteArithmeticAPEngine, pseudorandom, antithetic, geometric control variate, 400000 samples, seed 42",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=asian option.type=call "
              "option.maturity=0.9863013698630136 option.strike=100.0 option.strike_type=fixed "
              "option.average=arithmetic option.fixings=12"},
    /* cross-check: QuantLib FdBlackScholesAsianEngine(400, 400, 200) = 8.918627476045513 */
    {.name = "asian_arith_fixed_12_put", .spot = 100.0, .rate = 0.05, .dividend = 0.02,
     .volatility = 0.3, .maturity = 0.9863013698630136, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_PUT, .strike = 105.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_ARITHMETIC, .fixings = 12, .strike_type = MCS_STRIKE_FIXED,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 12,
     .price = 8.916529181455905, .ref_se = 0.00044788597210220285, .closed_form = 0,
     .origin = "QuantLib MCDiscreteArithmeticAPEngine, pseudorandom, antithetic, geometric control variate, 400000 samples, seed 42",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.02 "
              "model.volatility=0.3 option.payoff=asian option.type=put "
              "option.maturity=0.9863013698630136 option.strike=105.0 option.strike_type=fixed "
              "option.average=arithmetic option.fixings=12"},
    /* cross-check: QuantLib FdBlackScholesAsianEngine(400, 400, 200) = 8.586566140419116 */
    {.name = "asian_arith_fixed_52_call", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.25, .maturity = 0.9972602739726028, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_CALL, .strike = 95.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_ARITHMETIC, .fixings = 52, .strike_type = MCS_STRIKE_FIXED,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 52,
     .price = 8.582492754615608, .ref_se = 0.0006481804568053216, .closed_form = 0,
     .origin = "QuantLib MCDiscreteArithmeticAPEngine, pseudorandom, antithetic, geometric control variate, 200000 samples, seed 42",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.25 option.payoff=asian option.type=call "
              "option.maturity=0.9972602739726028 option.strike=95.0 option.strike_type=fixed "
              "option.average=arithmetic option.fixings=52"},
    /* cross-check: QuantLib FdBlackScholesAsianEngine(400, 400, 200) = 6.50619613781202 */
    {.name = "asian_arith_fixed_252_call", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.3, .maturity = 0.6904109589041096, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_CALL, .strike = 100.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_ARITHMETIC, .fixings = 252, .strike_type = MCS_STRIKE_FIXED,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 252,
     .price = 6.503045326875605, .ref_se = 0.0013601886900440898, .closed_form = 0,
     .origin = "QuantLib MCDiscreteArithmeticAPEngine, pseudorandom, antithetic, geometric control variate, 50000 samples, seed 42",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.3 option.payoff=asian option.type=call "
              "option.maturity=0.6904109589041096 option.strike=100.0 option.strike_type=fixed "
              "option.average=arithmetic option.fixings=252"},
    /* ---- asian, arithmetic, floating strike (Monte Carlo): 4 cases ---- */
    {.name = "asian_arith_float_12_call", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 0.9863013698630136, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_CALL, .strike = 0.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_ARITHMETIC, .fixings = 12, .strike_type = MCS_STRIKE_FLOATING,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 12,
     .price = 5.422204875825171, .ref_se = 0.0064020013046667355, .closed_form = 0,
     .origin = "QuantLib MCDiscreteArithmeticASEngine, pseudorandom, antithetic, 400000 samples, seed 42",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=asian option.type=call "
              "option.maturity=0.9863013698630136 option.strike_type=floating "
              "option.average=arithmetic option.fixings=12"},
    {.name = "asian_arith_float_12_put", .spot = 100.0, .rate = 0.05, .dividend = 0.02,
     .volatility = 0.3, .maturity = 0.9863013698630136, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_PUT, .strike = 0.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_ARITHMETIC, .fixings = 12, .strike_type = MCS_STRIKE_FLOATING,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 12,
     .price = 5.595105509260186, .ref_se = 0.005477278010987301, .closed_form = 0,
     .origin = "QuantLib MCDiscreteArithmeticASEngine, pseudorandom, antithetic, 400000 samples, seed 42",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.02 "
              "model.volatility=0.3 option.payoff=asian option.type=put "
              "option.maturity=0.9863013698630136 option.strike_type=floating "
              "option.average=arithmetic option.fixings=12"},
    {.name = "asian_arith_float_52_call", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.25, .maturity = 0.9972602739726028, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_CALL, .strike = 0.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_ARITHMETIC, .fixings = 52, .strike_type = MCS_STRIKE_FLOATING,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 52,
     .price = 5.753788729011243, .ref_se = 0.012316522192848277, .closed_form = 0,
     .origin = "QuantLib MCDiscreteArithmeticASEngine, pseudorandom, antithetic, 200000 samples, seed 42",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.25 option.payoff=asian option.type=call "
              "option.maturity=0.9972602739726028 option.strike_type=floating "
              "option.average=arithmetic option.fixings=52"},
    {.name = "asian_arith_float_52_put", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.4, .maturity = 0.9972602739726028, .payoff = MCS_PAYOFF_ASIAN,
     .type = MCS_PUT, .strike = 0.0, .digital = 0, .cash = 0.0,
     .average = MCS_AVERAGE_ARITHMETIC, .fixings = 52, .strike_type = MCS_STRIKE_FLOATING,
     .barrier = 0.0, .barrier_type = 0, .rebate = 0.0, .monitoring = 0, .steps = 52,
     .price = 7.7313804706453215, .ref_se = 0.009894815673193672, .closed_form = 0,
     .origin = "QuantLib MCDiscreteArithmeticASEngine, pseudorandom, antithetic, 200000 samples, seed 42",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.4 option.payoff=asian option.type=put "
              "option.maturity=0.9972602739726028 option.strike_type=floating "
              "option.average=arithmetic option.fixings=52"},
    /* ---- barrier, continuous monitoring: 32 cases ---- */
    {.name = "barrier_a_do_call_k100_h90", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_CALL,
     .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 90.0, .barrier_type = MCS_BARRIER_DOWN_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 8.665471658245677,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=call option.maturity=1.0 "
              "option.strike=100.0 option.barrier=90.0 option.barrier_type=down-out "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_do_put_k100_h90", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_PUT,
     .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 90.0, .barrier_type = MCS_BARRIER_DOWN_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 0.1512203764398894,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=put option.maturity=1.0 "
              "option.strike=100.0 option.barrier=90.0 option.barrier_type=down-out "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_do_call_k85_h90", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_CALL,
     .strike = 85.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 90.0, .barrier_type = MCS_BARRIER_DOWN_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 14.923648788020223,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=call option.maturity=1.0 "
              "option.strike=85.0 option.barrier=90.0 option.barrier_type=down-out "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_do_put_k85_h90", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_PUT,
     .strike = 85.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 90.0, .barrier_type = MCS_BARRIER_DOWN_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 0.0, .ref_se = 0.0,
     .closed_form = 1, .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=put option.maturity=1.0 "
              "option.strike=85.0 option.barrier=90.0 option.barrier_type=down-out "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_di_call_k100_h90", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_CALL,
     .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 90.0, .barrier_type = MCS_BARRIER_DOWN_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 1.785111913939902,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=call option.maturity=1.0 "
              "option.strike=100.0 option.barrier=90.0 option.barrier_type=down-in "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_di_put_k100_h90", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_PUT,
     .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 90.0, .barrier_type = MCS_BARRIER_DOWN_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 5.422305645817081,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=put option.maturity=1.0 "
              "option.strike=100.0 option.barrier=90.0 option.barrier_type=down-in "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_di_call_k85_h90", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_CALL,
     .strike = 85.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 90.0, .barrier_type = MCS_BARRIER_DOWN_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 5.545639133362165,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=call option.maturity=1.0 "
              "option.strike=85.0 option.barrier=90.0 option.barrier_type=down-in "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_di_put_k85_h90", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_PUT,
     .strike = 85.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 90.0, .barrier_type = MCS_BARRIER_DOWN_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 1.3237890039430802,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=put option.maturity=1.0 "
              "option.strike=85.0 option.barrier=90.0 option.barrier_type=down-in "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_uo_call_k100_h115", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_CALL,
     .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 115.0, .barrier_type = MCS_BARRIER_UP_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 0.48147995877201044,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=call option.maturity=1.0 "
              "option.strike=100.0 option.barrier=115.0 option.barrier_type=up-out "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_uo_put_k100_h115", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_PUT,
     .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 115.0, .barrier_type = MCS_BARRIER_UP_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 5.001486650173075,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=put option.maturity=1.0 "
              "option.strike=100.0 option.barrier=115.0 option.barrier_type=up-out "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_uo_call_k125_h115", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_CALL,
     .strike = 125.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 115.0, .barrier_type = MCS_BARRIER_UP_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 0.0, .ref_se = 0.0,
     .closed_form = 1, .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=call option.maturity=1.0 "
              "option.strike=125.0 option.barrier=115.0 option.barrier_type=up-out "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_uo_put_k125_h115", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_PUT,
     .strike = 125.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 115.0, .barrier_type = MCS_BARRIER_UP_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 15.560423253730878,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=put option.maturity=1.0 "
              "option.strike=125.0 option.barrier=115.0 option.barrier_type=up-out "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_ui_call_k100_h115", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_CALL,
     .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 115.0, .barrier_type = MCS_BARRIER_UP_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 9.96910361341357, .ref_se = 0.0,
     .closed_form = 1, .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=call option.maturity=1.0 "
              "option.strike=100.0 option.barrier=115.0 option.barrier_type=up-in "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_ui_put_k100_h115", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_PUT,
     .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 115.0, .barrier_type = MCS_BARRIER_UP_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 0.5720393720838954,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=put option.maturity=1.0 "
              "option.strike=100.0 option.barrier=115.0 option.barrier_type=up-in "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_ui_call_k125_h115", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_CALL,
     .strike = 125.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 115.0, .barrier_type = MCS_BARRIER_UP_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 2.3242744660152326,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=call option.maturity=1.0 "
              "option.strike=125.0 option.barrier=115.0 option.barrier_type=up-in "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_a_ui_put_k125_h115", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_BARRIER, .type = MCS_PUT,
     .strike = 125.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0, .strike_type = 0,
     .barrier = 115.0, .barrier_type = MCS_BARRIER_UP_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 5.6675292748735835,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=put option.maturity=1.0 "
              "option.strike=125.0 option.barrier=115.0 option.barrier_type=up-in "
              "option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_b_do_call_k95_h85", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_CALL, .strike = 95.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 85.0, .barrier_type = MCS_BARRIER_DOWN_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 10.801463059299671,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=barrier option.type=call "
              "option.maturity=0.4986301369863014 option.strike=95.0 option.barrier=85.0 "
              "option.barrier_type=down-out option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_b_do_put_k95_h85", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_PUT, .strike = 95.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 85.0, .barrier_type = MCS_BARRIER_DOWN_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 0.14643197733670021,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=barrier option.type=put "
              "option.maturity=0.4986301369863014 option.strike=95.0 option.barrier=85.0 "
              "option.barrier_type=down-out option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_b_di_call_k95_h85", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_CALL, .strike = 95.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 85.0, .barrier_type = MCS_BARRIER_DOWN_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 1.62153939872006, .ref_se = 0.0,
     .closed_form = 1, .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=barrier option.type=call "
              "option.maturity=0.4986301369863014 option.strike=95.0 option.barrier=85.0 "
              "option.barrier_type=down-in option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_b_di_put_k95_h85", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_PUT, .strike = 95.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 85.0, .barrier_type = MCS_BARRIER_DOWN_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 6.858354929599688,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=barrier option.type=put "
              "option.maturity=0.4986301369863014 option.strike=95.0 option.barrier=85.0 "
              "option.barrier_type=down-in option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_b_uo_call_k110_h120", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_CALL, .strike = 110.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 120.0, .barrier_type = MCS_BARRIER_UP_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 0.08252362606586772,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=barrier option.type=call "
              "option.maturity=0.4986301369863014 option.strike=110.0 option.barrier=120.0 "
              "option.barrier_type=up-out option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_b_uo_put_k110_h120", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_PUT, .strike = 110.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 120.0, .barrier_type = MCS_BARRIER_UP_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 13.780862588278868,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=barrier option.type=put "
              "option.maturity=0.4986301369863014 option.strike=110.0 option.barrier=120.0 "
              "option.barrier_type=up-out option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_b_ui_call_k110_h120", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_CALL, .strike = 110.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 120.0, .barrier_type = MCS_BARRIER_UP_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 6.104851061949422,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=barrier option.type=call "
              "option.maturity=0.4986301369863014 option.strike=110.0 option.barrier=120.0 "
              "option.barrier_type=up-in option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_b_ui_put_k110_h120", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_PUT, .strike = 110.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 120.0, .barrier_type = MCS_BARRIER_UP_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 1.76558291596184, .ref_se = 0.0,
     .closed_form = 1, .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=barrier option.type=put "
              "option.maturity=0.4986301369863014 option.strike=110.0 option.barrier=120.0 "
              "option.barrier_type=up-in option.rebate=0.0 option.monitoring=continuous"},
    {.name = "barrier_r_do_call_k100_h92", .spot = 100.0, .rate = 0.04, .dividend = 0.01,
     .volatility = 0.25, .maturity = 0.7479452054794521, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_CALL, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 92.0, .barrier_type = MCS_BARRIER_DOWN_OUT, .rebate = 3.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 8.690718975023309,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein): rebate 0 value + R e^{-rT} P(hit), P(no hit) from a knock-in with a worthless vanilla part (rebate paid at expiry)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.04 model.dividend=0.01 "
              "model.volatility=0.25 option.payoff=barrier option.type=call "
              "option.maturity=0.7479452054794521 option.strike=100.0 option.barrier=92.0 "
              "option.barrier_type=down-out option.rebate=3.0 option.monitoring=continuous"},
    {.name = "barrier_r_do_put_k100_h92", .spot = 100.0, .rate = 0.04, .dividend = 0.01,
     .volatility = 0.25, .maturity = 0.7479452054794521, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_PUT, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 92.0, .barrier_type = MCS_BARRIER_DOWN_OUT, .rebate = 3.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 2.0957765687641507,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein): rebate 0 value + R e^{-rT} P(hit), P(no hit) from a knock-in with a worthless vanilla part (rebate paid at expiry)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.04 model.dividend=0.01 "
              "model.volatility=0.25 option.payoff=barrier option.type=put "
              "option.maturity=0.7479452054794521 option.strike=100.0 option.barrier=92.0 "
              "option.barrier_type=down-out option.rebate=3.0 option.monitoring=continuous"},
    {.name = "barrier_r_di_call_k100_h92", .spot = 100.0, .rate = 0.04, .dividend = 0.01,
     .volatility = 0.25, .maturity = 0.7479452054794521, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_CALL, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 92.0, .barrier_type = MCS_BARRIER_DOWN_IN, .rebate = 3.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 3.8170965175993627,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.04 model.dividend=0.01 "
              "model.volatility=0.25 option.payoff=barrier option.type=call "
              "option.maturity=0.7479452054794521 option.strike=100.0 option.barrier=92.0 "
              "option.barrier_type=down-in option.rebate=3.0 option.monitoring=continuous"},
    {.name = "barrier_r_di_put_k100_h92", .spot = 100.0, .rate = 0.04, .dividend = 0.01,
     .volatility = 0.25, .maturity = 0.7479452054794521, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_PUT, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 92.0, .barrier_type = MCS_BARRIER_DOWN_IN, .rebate = 3.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 8.209723927093638,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.04 model.dividend=0.01 "
              "model.volatility=0.25 option.payoff=barrier option.type=put "
              "option.maturity=0.7479452054794521 option.strike=100.0 option.barrier=92.0 "
              "option.barrier_type=down-in option.rebate=3.0 option.monitoring=continuous"},
    {.name = "barrier_r_uo_call_k100_h110", .spot = 100.0, .rate = 0.04, .dividend = 0.01,
     .volatility = 0.25, .maturity = 0.7479452054794521, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_CALL, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 110.0, .barrier_type = MCS_BARRIER_UP_OUT, .rebate = 3.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 2.01131337840787, .ref_se = 0.0,
     .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein): rebate 0 value + R e^{-rT} P(hit), P(no hit) from a knock-in with a worthless vanilla part (rebate paid at expiry)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.04 model.dividend=0.01 "
              "model.volatility=0.25 option.payoff=barrier option.type=call "
              "option.maturity=0.7479452054794521 option.strike=100.0 option.barrier=110.0 "
              "option.barrier_type=up-out option.rebate=3.0 option.monitoring=continuous"},
    {.name = "barrier_r_uo_put_k100_h110", .spot = 100.0, .rate = 0.04, .dividend = 0.01,
     .volatility = 0.25, .maturity = 0.7479452054794521, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_PUT, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 110.0, .barrier_type = MCS_BARRIER_UP_OUT, .rebate = 3.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 7.325567546866058,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein): rebate 0 value + R e^{-rT} P(hit), P(no hit) from a knock-in with a worthless vanilla part (rebate paid at expiry)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.04 model.dividend=0.01 "
              "model.volatility=0.25 option.payoff=barrier option.type=put "
              "option.maturity=0.7479452054794521 option.strike=100.0 option.barrier=110.0 "
              "option.barrier_type=up-out option.rebate=3.0 option.monitoring=continuous"},
    {.name = "barrier_r_ui_call_k100_h110", .spot = 100.0, .rate = 0.04, .dividend = 0.01,
     .volatility = 0.25, .maturity = 0.7479452054794521, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_CALL, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 110.0, .barrier_type = MCS_BARRIER_UP_IN, .rebate = 3.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 10.4965021142148, .ref_se = 0.0,
     .closed_form = 1, .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.04 model.dividend=0.01 "
              "model.volatility=0.25 option.payoff=barrier option.type=call "
              "option.maturity=0.7479452054794521 option.strike=100.0 option.barrier=110.0 "
              "option.barrier_type=up-in option.rebate=3.0 option.monitoring=continuous"},
    {.name = "barrier_r_ui_put_k100_h110", .spot = 100.0, .rate = 0.04, .dividend = 0.01,
     .volatility = 0.25, .maturity = 0.7479452054794521, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_PUT, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 110.0, .barrier_type = MCS_BARRIER_UP_IN, .rebate = 3.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 2.9799329489917294,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticBarrierEngine (Reiner-Rubinstein)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.04 model.dividend=0.01 "
              "model.volatility=0.25 option.payoff=barrier option.type=put "
              "option.maturity=0.7479452054794521 option.strike=100.0 option.barrier=110.0 "
              "option.barrier_type=up-in option.rebate=3.0 option.monitoring=continuous"},
    /* ---- barrier, discrete monitoring (BGK approximation): 7 cases ---- */
    /* cross-check: QuantLib MCBarrierEngine, isBiased (discrete on the 12 steps), antithetic, 200000 samples: 10.153735809671852 +- 0.016659506854641216 */
    {.name = "barrier_disc_12_do_call", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 0.9863013698630136, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_CALL, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 85.0, .barrier_type = MCS_BARRIER_DOWN_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_DISCRETE, .steps = 12, .price = 10.158772059483567,
     .ref_se = 0.0, .closed_form = 0,
     .origin = "APPROXIMATION: Broadie-Glasserman-Kou, QuantLib AnalyticBarrierEngine at barrier 82.20745659126234 (H exp(-0.5826 sigma sqrt(T/m)))",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=call "
              "option.maturity=0.9863013698630136 option.strike=100.0 option.barrier=85.0 "
              "option.barrier_type=down-out option.rebate=0.0 option.monitoring=discrete"},
    /* cross-check: QuantLib MCBarrierEngine, isBiased (discrete on the 12 steps), antithetic, 200000 samples: 9.389942574292753 +- 0.015029373738412179 */
    {.name = "barrier_disc_12_uo_put", .spot = 100.0, .rate = 0.05, .dividend = 0.02,
     .volatility = 0.3, .maturity = 0.9863013698630136, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_PUT, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 120.0, .barrier_type = MCS_BARRIER_UP_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_DISCRETE, .steps = 12, .price = 9.396060312469514, .ref_se = 0.0,
     .closed_form = 0,
     .origin = "APPROXIMATION: Broadie-Glasserman-Kou, QuantLib AnalyticBarrierEngine at barrier 126.16614019981893 (H exp(+0.5826 sigma sqrt(T/m)))",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.02 "
              "model.volatility=0.3 option.payoff=barrier option.type=put "
              "option.maturity=0.9863013698630136 option.strike=100.0 option.barrier=120.0 "
              "option.barrier_type=up-out option.rebate=0.0 option.monitoring=discrete"},
    /* cross-check: QuantLib MCBarrierEngine, isBiased (discrete on the 12 steps), antithetic, 200000 samples: 0.3540091936991084 +- 0.004242202952279988 */
    {.name = "barrier_disc_12_di_call", .spot = 100.0, .rate = 0.05, .dividend = 0.02,
     .volatility = 0.25, .maturity = 0.9863013698630136, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_CALL, .strike = 105.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 85.0, .barrier_type = MCS_BARRIER_DOWN_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_DISCRETE, .steps = 12, .price = 0.34733349765387445,
     .ref_se = 0.0, .closed_form = 0,
     .origin = "APPROXIMATION: Broadie-Glasserman-Kou, QuantLib AnalyticBarrierEngine at barrier 81.52377530994333 (H exp(-0.5826 sigma sqrt(T/m)))",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.02 "
              "model.volatility=0.25 option.payoff=barrier option.type=call "
              "option.maturity=0.9863013698630136 option.strike=105.0 option.barrier=85.0 "
              "option.barrier_type=down-in option.rebate=0.0 option.monitoring=discrete"},
    /* cross-check: QuantLib MCBarrierEngine, isBiased (discrete on the 52 steps), antithetic, 100000 samples: 10.21286470234 +- 0.01959011306601854 */
    {.name = "barrier_disc_52_uo_put", .spot = 100.0, .rate = 0.03, .dividend = 0.0,
     .volatility = 0.25, .maturity = 0.9972602739726028, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_PUT, .strike = 105.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 120.0, .barrier_type = MCS_BARRIER_UP_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_DISCRETE, .steps = 52, .price = 10.208288831813576,
     .ref_se = 0.0, .closed_form = 0,
     .origin = "APPROXIMATION: Broadie-Glasserman-Kou, QuantLib AnalyticBarrierEngine at barrier 122.44501550237635 (H exp(+0.5826 sigma sqrt(T/m)))",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.0 "
              "model.volatility=0.25 option.payoff=barrier option.type=put "
              "option.maturity=0.9972602739726028 option.strike=105.0 option.barrier=120.0 "
              "option.barrier_type=up-out option.rebate=0.0 option.monitoring=discrete"},
    /* cross-check: QuantLib MCBarrierEngine, isBiased (discrete on the 52 steps), antithetic, 100000 samples: 9.696713914583077 +- 0.02122300800461957 */
    {.name = "barrier_disc_52_di_put", .spot = 100.0, .rate = 0.05, .dividend = 0.02,
     .volatility = 0.3, .maturity = 0.9972602739726028, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_PUT, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 85.0, .barrier_type = MCS_BARRIER_DOWN_IN, .rebate = 0.0,
     .monitoring = MCS_MONITOR_DISCRETE, .steps = 52, .price = 9.678640338927092, .ref_se = 0.0,
     .closed_form = 0,
     .origin = "APPROXIMATION: Broadie-Glasserman-Kou, QuantLib AnalyticBarrierEngine at barrier 82.96732506863599 (H exp(-0.5826 sigma sqrt(T/m)))",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.02 "
              "model.volatility=0.3 option.payoff=barrier option.type=put "
              "option.maturity=0.9972602739726028 option.strike=100.0 option.barrier=85.0 "
              "option.barrier_type=down-in option.rebate=0.0 option.monitoring=discrete"},
    /* cross-check: QuantLib MCBarrierEngine, isBiased (discrete on the 252 steps), antithetic, 40000 samples: 5.06846074399525 +- 0.021354911989492985 */
    {.name = "barrier_disc_252_uo_call", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 0.6904109589041096, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_CALL, .strike = 95.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 125.0, .barrier_type = MCS_BARRIER_UP_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_DISCRETE, .steps = 252, .price = 5.081418064426208,
     .ref_se = 0.0, .closed_form = 0,
     .origin = "APPROXIMATION: Broadie-Glasserman-Kou, QuantLib AnalyticBarrierEngine at barrier 125.76469649018817 (H exp(+0.5826 sigma sqrt(T/m)))",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=barrier option.type=call "
              "option.maturity=0.6904109589041096 option.strike=95.0 option.barrier=125.0 "
              "option.barrier_type=up-out option.rebate=0.0 option.monitoring=discrete"},
    /* cross-check: QuantLib MCBarrierEngine, isBiased (discrete on the 252 steps), antithetic, 40000 samples: 2.8077778831125073 +- 0.022833921555299373 */
    {.name = "barrier_disc_252_do_put", .spot = 100.0, .rate = 0.04, .dividend = 0.01,
     .volatility = 0.35, .maturity = 0.6904109589041096, .payoff = MCS_PAYOFF_BARRIER,
     .type = MCS_PUT, .strike = 110.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = 0, .barrier = 80.0, .barrier_type = MCS_BARRIER_DOWN_OUT, .rebate = 0.0,
     .monitoring = MCS_MONITOR_DISCRETE, .steps = 252, .price = 2.822669411358424,
     .ref_se = 0.0, .closed_form = 0,
     .origin = "APPROXIMATION: Broadie-Glasserman-Kou, QuantLib AnalyticBarrierEngine at barrier 79.15068948983887 (H exp(-0.5826 sigma sqrt(T/m)))",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.04 model.dividend=0.01 "
              "model.volatility=0.35 option.payoff=barrier option.type=put "
              "option.maturity=0.6904109589041096 option.strike=110.0 option.barrier=80.0 "
              "option.barrier_type=down-out option.rebate=0.0 option.monitoring=discrete"},
    /* ---- lookback, continuous monitoring: 16 cases ---- */
    {.name = "lookback_a_float_call", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_LOOKBACK, .type = MCS_CALL,
     .strike = 0.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FLOATING, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 17.216802237360877,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFloatingLookbackEngine (Goldman-Sosin-Gatto)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=lookback option.type=call option.maturity=1.0 "
              "option.strike_type=floating option.monitoring=continuous"},
    {.name = "lookback_a_fixed_call_k90", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_LOOKBACK, .type = MCS_CALL,
     .strike = 90.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FIXED, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 28.67991950233946,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFixedLookbackEngine (Conze-Viswanathan)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=lookback option.type=call option.maturity=1.0 "
              "option.strike=90.0 option.strike_type=fixed option.monitoring=continuous"},
    {.name = "lookback_a_fixed_call_k110", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_LOOKBACK, .type = MCS_CALL,
     .strike = 110.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FIXED, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 11.207021355609694,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFixedLookbackEngine (Conze-Viswanathan)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=lookback option.type=call option.maturity=1.0 "
              "option.strike=110.0 option.strike_type=fixed option.monitoring=continuous"},
    {.name = "lookback_a_float_put", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_LOOKBACK, .type = MCS_PUT,
     .strike = 0.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FLOATING, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 14.29056770740371,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFloatingLookbackEngine (Goldman-Sosin-Gatto)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=lookback option.type=put option.maturity=1.0 "
              "option.strike_type=floating option.monitoring=continuous"},
    {.name = "lookback_a_fixed_put_k90", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_LOOKBACK, .type = MCS_PUT,
     .strike = 90.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FIXED, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 5.024008097238561,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFixedLookbackEngine (Conze-Viswanathan)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=lookback option.type=put option.maturity=1.0 "
              "option.strike=90.0 option.strike_type=fixed option.monitoring=continuous"},
    {.name = "lookback_a_fixed_put_k110", .spot = 100.0, .rate = 0.05, .dividend = 0.0,
     .volatility = 0.2, .maturity = 1.0, .payoff = MCS_PAYOFF_LOOKBACK, .type = MCS_PUT,
     .strike = 110.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FIXED, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 21.852038932439406,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFixedLookbackEngine (Conze-Viswanathan)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.05 model.dividend=0.0 "
              "model.volatility=0.2 option.payoff=lookback option.type=put option.maturity=1.0 "
              "option.strike=110.0 option.strike_type=fixed option.monitoring=continuous"},
    {.name = "lookback_b_float_call", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_LOOKBACK,
     .type = MCS_CALL, .strike = 0.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FLOATING, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 18.264241373233556,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFloatingLookbackEngine (Goldman-Sosin-Gatto)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=lookback option.type=call "
              "option.maturity=0.4986301369863014 option.strike_type=floating "
              "option.monitoring=continuous"},
    {.name = "lookback_b_fixed_call_k100", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_LOOKBACK,
     .type = MCS_CALL, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FIXED, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 21.280518623697013,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFixedLookbackEngine (Conze-Viswanathan)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=lookback option.type=call "
              "option.maturity=0.4986301369863014 option.strike=100.0 option.strike_type=fixed "
              "option.monitoring=continuous"},
    {.name = "lookback_b_float_put", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_LOOKBACK,
     .type = MCS_PUT, .strike = 0.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FLOATING, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 20.788065195049924,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFloatingLookbackEngine (Goldman-Sosin-Gatto)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=lookback option.type=put "
              "option.maturity=0.4986301369863014 option.strike_type=floating "
              "option.monitoring=continuous"},
    {.name = "lookback_b_fixed_put_k100", .spot = 100.0, .rate = 0.03, .dividend = 0.02,
     .volatility = 0.35, .maturity = 0.4986301369863014, .payoff = MCS_PAYOFF_LOOKBACK,
     .type = MCS_PUT, .strike = 100.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FIXED, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 17.771787944586467,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFixedLookbackEngine (Conze-Viswanathan)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.03 model.dividend=0.02 "
              "model.volatility=0.35 option.payoff=lookback option.type=put "
              "option.maturity=0.4986301369863014 option.strike=100.0 option.strike_type=fixed "
              "option.monitoring=continuous"},
    {.name = "lookback_c_float_call", .spot = 100.0, .rate = 0.01, .dividend = 0.03,
     .volatility = 0.3, .maturity = 1.2465753424657535, .payoff = MCS_PAYOFF_LOOKBACK,
     .type = MCS_CALL, .strike = 0.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FLOATING, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 22.262163964678926,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFloatingLookbackEngine (Goldman-Sosin-Gatto)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.01 model.dividend=0.03 "
              "model.volatility=0.3 option.payoff=lookback option.type=call "
              "option.maturity=1.2465753424657535 option.strike_type=floating "
              "option.monitoring=continuous"},
    {.name = "lookback_c_fixed_call_k95", .spot = 100.0, .rate = 0.01, .dividend = 0.03,
     .volatility = 0.3, .maturity = 1.2465753424657535, .payoff = MCS_PAYOFF_LOOKBACK,
     .type = MCS_CALL, .strike = 95.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FIXED, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 32.67182632232133,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFixedLookbackEngine (Conze-Viswanathan)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.01 model.dividend=0.03 "
              "model.volatility=0.3 option.payoff=lookback option.type=call "
              "option.maturity=1.2465753424657535 option.strike=95.0 option.strike_type=fixed "
              "option.monitoring=continuous"},
    {.name = "lookback_c_fixed_call_k105", .spot = 100.0, .rate = 0.01, .dividend = 0.03,
     .volatility = 0.3, .maturity = 1.2465753424657535, .payoff = MCS_PAYOFF_LOOKBACK,
     .type = MCS_CALL, .strike = 105.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FIXED, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 23.171716648047635,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFixedLookbackEngine (Conze-Viswanathan)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.01 model.dividend=0.03 "
              "model.volatility=0.3 option.payoff=lookback option.type=call "
              "option.maturity=1.2465753424657535 option.strike=105.0 option.strike_type=fixed "
              "option.monitoring=continuous"},
    {.name = "lookback_c_float_put", .spot = 100.0, .rate = 0.01, .dividend = 0.03,
     .volatility = 0.3, .maturity = 1.2465753424657535, .payoff = MCS_PAYOFF_LOOKBACK,
     .type = MCS_PUT, .strike = 0.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FLOATING, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 30.165592320719398,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFloatingLookbackEngine (Goldman-Sosin-Gatto)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.01 model.dividend=0.03 "
              "model.volatility=0.3 option.payoff=lookback option.type=put "
              "option.maturity=1.2465753424657535 option.strike_type=floating "
              "option.monitoring=continuous"},
    {.name = "lookback_c_fixed_put_k95", .spot = 100.0, .rate = 0.01, .dividend = 0.03,
     .volatility = 0.3, .maturity = 1.2465753424657535, .payoff = MCS_PAYOFF_LOOKBACK,
     .type = MCS_PUT, .strike = 95.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FIXED, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 19.977916545915157,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFixedLookbackEngine (Conze-Viswanathan)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.01 model.dividend=0.03 "
              "model.volatility=0.3 option.payoff=lookback option.type=put "
              "option.maturity=1.2465753424657535 option.strike=95.0 option.strike_type=fixed "
              "option.monitoring=continuous"},
    {.name = "lookback_c_fixed_put_k105", .spot = 100.0, .rate = 0.01, .dividend = 0.03,
     .volatility = 0.3, .maturity = 1.2465753424657535, .payoff = MCS_PAYOFF_LOOKBACK,
     .type = MCS_PUT, .strike = 105.0, .digital = 0, .cash = 0.0, .average = 0, .fixings = 0,
     .strike_type = MCS_STRIKE_FIXED, .barrier = 0.0, .barrier_type = 0, .rebate = 0.0,
     .monitoring = MCS_MONITOR_CONTINUOUS, .steps = 1, .price = 29.632046185382677,
     .ref_se = 0.0, .closed_form = 1,
     .origin = "QuantLib AnalyticContinuousFixedLookbackEngine (Conze-Viswanathan)",
     .sets = "model.type=gbm model.spot=100.0 model.rate=0.01 model.dividend=0.03 "
              "model.volatility=0.3 option.payoff=lookback option.type=put "
              "option.maturity=1.2465753424657535 option.strike=105.0 option.strike_type=fixed "
              "option.monitoring=continuous"},
};
#define MCS_PRODUCT_REF_COUNT (sizeof mcs_product_refs / sizeof mcs_product_refs[0])

#endif

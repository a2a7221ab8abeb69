"""ref_sets.py - a reference row's job as config assignments
("model.spot=100 option.payoff=digital ..."): the keys its payoff has, in
their config names, which tests/product_test_util.h loads through the same
config code as the command line (so a test job is what a user would write,
and a new key with a default needs no change here). Used by
products_refs.py for the `.sets` field of tests/reference/products_refs.h.
"""

# the config names of the enum values a row holds
NAMES = {
    "MCS_PAYOFF_DIGITAL": "digital", "MCS_PAYOFF_ASIAN": "asian",
    "MCS_PAYOFF_BARRIER": "barrier", "MCS_PAYOFF_LOOKBACK": "lookback",
    "MCS_PAYOFF_EUROPEAN": "european",
    "MCS_CALL": "call", "MCS_PUT": "put",
    "MCS_DIGITAL_CASH": "cash", "MCS_DIGITAL_ASSET": "asset",
    "MCS_AVERAGE_ARITHMETIC": "arithmetic", "MCS_AVERAGE_GEOMETRIC": "geometric",
    "MCS_STRIKE_FIXED": "fixed", "MCS_STRIKE_FLOATING": "floating",
    "MCS_BARRIER_DOWN_OUT": "down-out", "MCS_BARRIER_DOWN_IN": "down-in",
    "MCS_BARRIER_UP_OUT": "up-out", "MCS_BARRIER_UP_IN": "up-in",
    "MCS_MONITOR_DISCRETE": "discrete", "MCS_MONITOR_CONTINUOUS": "continuous",
}


def ref_sets(row):
    """The row's model and option keys as "section.key=value" text."""
    def real(v):
        return repr(float(v))
    sets = ["model.type=gbm"] + ["model.%s=%s" % (k, real(row[k]))
                                for k in ("spot", "rate", "dividend", "volatility")]
    payoff = NAMES[row["payoff"]]
    option = [("payoff", payoff), ("type", NAMES[row["type"]]),
              ("maturity", real(row["maturity"]))]
    fixed = row["strike_type"] == "MCS_STRIKE_FIXED"
    if payoff in ("european", "digital", "barrier") or fixed:
        option.append(("strike", real(row["strike"])))
    if payoff == "digital":
        option.append(("digital", NAMES[row["digital"]]))
        if row["digital"] == "MCS_DIGITAL_CASH":  # an asset digital takes the default
            option.append(("cash", real(row["cash"])))
    if payoff in ("asian", "lookback"):
        option.append(("strike_type", NAMES[row["strike_type"]]))
    if payoff == "asian":
        option += [("average", NAMES[row["average"]]), ("fixings", "%d" % row["fixings"])]
    if payoff == "barrier":
        option += [("barrier", real(row["barrier"])),
                   ("barrier_type", NAMES[row["barrier_type"]]), ("rebate", real(row["rebate"]))]
    if payoff in ("barrier", "lookback"):
        option.append(("monitoring", NAMES[row["monitoring"]]))
    return " ".join(sets + ["option.%s=%s" % kv for kv in option])


def c_sets_field(sets, indent="     "):
    """The `.sets = "..."` field as C lines of at most 96 characters (adjacent
    string literals, each piece ending in a space but the last)."""
    words = sets.split(" ")
    lines, piece = [], ""
    for w in words:
        if piece and len(indent) + len('.sets = "') + len(piece) + len(w) + 3 > 96:
            lines.append(piece + " ")
            piece = w
        else:
            piece = piece + " " + w if piece else w
    lines.append(piece)
    first = indent + '.sets = "' + lines[0] + '"'
    rest = [indent + '         "' + l + '"' for l in lines[1:]]
    return "\n".join([first] + rest)

/* params_layout.h - the key lists' fields as one string,
 * mcs_params_layout_text: every model's and payoff's rows in order, each
 * as its kind and name. The GPU module and its loader compare it
 * (engine/gpu_module.h), so a module built from other key lists is
 * refused even where no size differs: a model's block lies in room of a
 * fixed size (core/job.h), so a key added to, removed from or moved in a
 * model's list changes no struct's size. Include it in one source file of
 * each side (engine/backend.c, gpu_backend/gpu_module.c). */
#ifndef MCS_PARAMS_LAYOUT_H
#define MCS_PARAMS_LAYOUT_H

#include "../models/model_keys.h"
#include "../payoffs/option_keys.h"

#define MCS_REAL(name_, ...) " real " #name_
#define MCS_COUNT(name_, ...) " count " #name_
#define MCS_CHOICE(name_, type_, ...) " " #type_ " " #name_
#define MCS_LIST(name_, ...) " list " #name_
#define MCS_MATRIX(name_, ...) " matrix " #name_
#define MCS_HIDDEN(type_, name_) " " #type_ " " #name_
#define MCS_SHARED(row) " shared" row
static const char mcs_params_layout_text[] = "models:"
#include "../models/params.def"
    "; payoffs:"
#include "../payoffs/params.def"
    ;
#include "../core/rows_end.h"

#endif

/*===- tcgen05-c.h - C interface to tcgen05-check ----------------*- C -*-===*\
|*                                                                            *|
|* Check PTX text from any language that can call C.  The result owns its    *|
|* strings; free it with tcgen05_result_free.  No global state: calls on      *|
|* different threads are independent.  No C++ exception crosses these         *|
|* functions: a failure inside the checker is a diagnostic of the result      *|
|* (TC0010, internal error), and NULL is returned if not even the result      *|
|* could be made.                                                             *|
\*===----------------------------------------------------------------------===*/
#ifndef TCGEN05_C_H
#define TCGEN05_C_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tcgen05_result tcgen05_result;

/* Checks `length` bytes of PTX.  `target` ("sm_100a") checks as if .target
 * said so; NULL uses the module's .target.  `name` labels the diagnostics
 * ("kernel.ptx"; NULL: "<string>").  Returns NULL only if `target` is not a
 * known target name. */
tcgen05_result *tcgen05_check_string(const char *ptx, size_t length,
                                     const char *name, const char *target);

/* Checks an inline-asm template whose operands are written %0 or $0 ("%%" is
 * a literal '%'), with `constraints` the operands' constraints in order,
 * comma-separated ("=r,l,n": r 32-bit, l 64-bit, h 16-bit, f .f32, d .f64,
 * b predicate, n immediate).  Positions in the diagnostics are positions in
 * the template.  `name` defaults to "<asm>"; `target` to sm_100a.  Returns
 * NULL only if `target` is not a known target name. */
tcgen05_result *tcgen05_check_asm_template(const char *asm_template,
                                           size_t length,
                                           const char *constraints,
                                           const char *name,
                                           const char *target);

/* Checks and prints PTX in canonical form, as --emit=ptx does: `target`
 * (NULL: keep) rewrites .target and checks every instruction there;
 * `ptx_version` ("8.7", "auto", NULL: keep) rewrites .version.  The output is
 * tcgen05_result_output, NULL when there were errors.  Returns NULL only for
 * an unknown target or version. */
tcgen05_result *tcgen05_emit_string(const char *ptx, size_t length,
                                    const char *name, const char *target,
                                    const char *ptx_version);

unsigned tcgen05_result_error_count(const tcgen05_result *result);
unsigned tcgen05_result_warning_count(const tcgen05_result *result);
/* clang-style text, one diagnostic after another; "" when clean. */
const char *tcgen05_result_text(const tcgen05_result *result);
/* The same diagnostics as the JSON document of --format=json. */
const char *tcgen05_result_json(const tcgen05_result *result);
/* The module printed by tcgen05_emit_string; NULL otherwise or on errors. */
const char *tcgen05_result_output(const tcgen05_result *result);
void tcgen05_result_free(tcgen05_result *result);

#ifdef __cplusplus
}
#endif

#endif

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

/* The version of the library ("0.1.0"), as TCGEN05_VERSION_STRING
 * (tcgen05/Version.h) was when it was built. */
const char *tcgen05_version(void);

/* Errors a result holds at most unless the options say otherwise: beyond
 * them, garbage input would grow the result (and the time to make it)
 * without telling anyone more.  The text says when it cut (TC0011). */
#define TCGEN05_DEFAULT_ERROR_LIMIT 1000

/* Checks `length` bytes of PTX.  `target` ("sm_100a") checks as if .target
 * said so; NULL uses the module's .target.  `name` labels the diagnostics
 * ("kernel.ptx"; NULL: "<string>").  At most TCGEN05_DEFAULT_ERROR_LIMIT
 * errors are kept.  An unknown `target` is refused (see
 * tcgen05_result_refused). */
tcgen05_result *tcgen05_check_string(const char *ptx, size_t length,
                                     const char *name, const char *target);

/* Checks an inline-asm template whose operands are written %0 or $0 ("%%" is
 * a literal '%'), with `constraints` the operands' constraints in order,
 * comma-separated ("=r,l,n": r 32-bit, l 64-bit, h 16-bit, f .f32, d .f64,
 * b predicate, n immediate).  Positions in the diagnostics are positions in
 * the template.  `name` defaults to "<asm>"; `target` to sm_100a.  An
 * unknown `target` is refused. */
tcgen05_result *tcgen05_check_asm_template(const char *asm_template,
                                           size_t length,
                                           const char *constraints,
                                           const char *name,
                                           const char *target);

/* Checks and prints PTX in canonical form, as --emit=ptx does: `target`
 * (NULL: keep) rewrites .target and checks every instruction there;
 * `ptx_version` ("8.7", "auto", NULL: keep) rewrites .version.  The output is
 * tcgen05_result_output, NULL when there were errors.  An unknown target or
 * version is refused. */
tcgen05_result *tcgen05_emit_string(const char *ptx, size_t length,
                                    const char *name, const char *target,
                                    const char *ptx_version);

/* What tcgen05_check does, as the command line's options say it.  Set
 * struct_size to sizeof(tcgen05_options) (tcgen05_options_init does): fields
 * added later are then left at their defaults for older callers. */
typedef struct tcgen05_options {
  size_t struct_size;
  /* As --target ("sm_100a"); NULL: the module's .target. */
  const char *target;
  /* The name diagnostics give the input; NULL: "<string>". */
  const char *name;
  /* Errors reported before the rest are left out (the text says so,
   * TC0011); 0: no limit.  tcgen05_options_init sets
   * TCGEN05_DEFAULT_ERROR_LIMIT. */
  unsigned error_limit;
  /* -Werror. */
  int warnings_as_errors;
  /* -w: no warnings. */
  int ignore_warnings;
  /* -c: the one-.cta_group rule per function, as ptxas -c. */
  int separate_compilation;
  /* Warning flags separated by blanks, as on the command line:
   * "-Wno-tcgen05-fence -Wtcgen05-pedantic -Werror=reserved-bits
   *  -Wno-error=tcgen05-wait"; NULL: none.  An unknown group is a warning
   * (TC0108) of the result. */
  const char *warning_flags;
} tcgen05_options;

/* The defaults: struct_size set, error_limit TCGEN05_DEFAULT_ERROR_LIMIT,
 * every other field zero or NULL. */
void tcgen05_options_init(tcgen05_options *options);

/* Checks `length` bytes of PTX with `options` (NULL: the defaults).  An
 * unknown target is refused; an unknown warning group is a warning, with
 * the known groups, as on the command line. */
tcgen05_result *tcgen05_check(const char *ptx, size_t length,
                              const tcgen05_options *options);

/* The descriptor helpers of the command line.  `action` is
 * "decode-idesc", "encode-idesc", "decode-smem-desc" or "encode-smem-desc";
 * `input` a value or FIELD=VALUE,...; `kind` the .kind ("f16") for
 * instruction descriptors, NULL otherwise; `target` (NULL: none) adds the
 * target's checks.  tcgen05_result_output is the JSON of the decoded fields
 * or the encoded value ({"value": "0x..."}), NULL for a malformed request;
 * what is wrong with the value is in the diagnostics.  Returns NULL only
 * for an unknown action. */
tcgen05_result *tcgen05_descriptor(const char *action, const char *input,
                                   const char *kind, const char *target);

/* Nonzero when the request itself was refused and nothing was checked: an
 * unknown target or PTX version, said by the result's diagnostics with the
 * same code, text and notes as the command line's (TC0005, TC0102). */
int tcgen05_result_refused(const tcgen05_result *result);
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

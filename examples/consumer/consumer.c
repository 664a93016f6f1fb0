/* The C interface: check a string for a target. */
#include "tcgen05/tcgen05-c.h"

#include <stdio.h>
#include <string.h>

static const char Kernel[] =
    ".version 9.0\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n\t.reg .b32 %r<4>;\n"
    "\ttcgen05.shift.cta_group::1.down [%r1];\n\tret;\n}\n";

/* An inline-asm template as a compiler writes it: taddr must be 32-bit. */
static const char Load[] = "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%0}, [%1];";

int main(void) {
  /* tcgen05.shift is architecture-specific: fine on sm_100a, not sm_100f. */
  tcgen05_result *Ok =
      tcgen05_check_string(Kernel, strlen(Kernel), "k.ptx", NULL);
  tcgen05_result *Bad =
      tcgen05_check_string(Kernel, strlen(Kernel), "k.ptx", "sm_100f");
  /* A target nobody knows: refused, with the command line's TC0005. */
  tcgen05_result *NoTarget = tcgen05_check_string(Kernel, 1, NULL, "sm_9999");
  int Status = tcgen05_result_error_count(Ok) == 0 &&
               tcgen05_result_error_count(Bad) == 1 &&
               strstr(tcgen05_result_text(Bad), "[TC3101]") != NULL &&
               !tcgen05_result_refused(Bad) &&
               tcgen05_result_refused(NoTarget) &&
               strstr(tcgen05_result_text(NoTarget), "[TC0005]") != NULL;
  tcgen05_result *AsmOk =
      tcgen05_check_asm_template(Load, strlen(Load), "=r,r", "ld.s", "sm_100a");
  tcgen05_result *AsmBad =
      tcgen05_check_asm_template(Load, strlen(Load), "=r,l", "ld.s", NULL);
  Status = Status && tcgen05_result_error_count(AsmOk) == 0 &&
           tcgen05_result_error_count(AsmBad) == 1 &&
           strstr(tcgen05_result_text(AsmBad), "ld.s:1:46:") != NULL;
  /* Emission: retargeted to sm_103a, printed in canonical form; refused for
   * sm_100f, where tcgen05.shift does not exist. */
  tcgen05_result *Moved =
      tcgen05_emit_string(Kernel, strlen(Kernel), "k.ptx", "sm_103a", "auto");
  tcgen05_result *Refused =
      tcgen05_emit_string(Kernel, strlen(Kernel), "k.ptx", "sm_100f", NULL);
  tcgen05_result *NoVersion = tcgen05_emit_string(Kernel, 1, NULL, NULL, "8.9");
  Status = Status && tcgen05_result_output(Moved) != NULL &&
           strstr(tcgen05_result_output(Moved), ".target sm_103a\n") != NULL &&
           strstr(tcgen05_result_output(Moved), ".version 8.8\n") != NULL &&
           tcgen05_result_output(Refused) == NULL &&
           tcgen05_result_error_count(Refused) == 1 &&
           tcgen05_result_refused(NoVersion) &&
           tcgen05_result_output(NoVersion) == NULL &&
           strstr(tcgen05_result_text(NoVersion), "[TC0102]") != NULL;
  printf("%s%s", tcgen05_result_text(Bad), tcgen05_result_text(AsmBad));
  printf("%s", tcgen05_result_output(Moved));
  tcgen05_result_free(NoTarget);
  tcgen05_result_free(NoVersion);
  tcgen05_result_free(Moved);
  tcgen05_result_free(Refused);
  tcgen05_result_free(Ok);
  tcgen05_result_free(Bad);
  tcgen05_result_free(AsmOk);
  tcgen05_result_free(AsmBad);
  return Status ? 0 : 1;
}

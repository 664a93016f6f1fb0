/* The C interface: check a string for a target. */
#include "tcgen05/tcgen05-c.h"

#include <stdio.h>
#include <string.h>

static const char Kernel[] =
    ".version 9.0\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n\t.reg .b32 %r<4>;\n"
    "\ttcgen05.shift.cta_group::1.down [%r1];\n\tret;\n}\n";

int main(void) {
  /* tcgen05.shift is architecture-specific: fine on sm_100a, not sm_100f. */
  tcgen05_result *Ok = tcgen05_check_string(Kernel, strlen(Kernel), "k.ptx", NULL);
  tcgen05_result *Bad =
      tcgen05_check_string(Kernel, strlen(Kernel), "k.ptx", "sm_100f");
  int Status = tcgen05_result_error_count(Ok) == 0 &&
               tcgen05_result_error_count(Bad) == 1 &&
               strstr(tcgen05_result_text(Bad), "[TC3101]") != NULL &&
               tcgen05_check_string(Kernel, 1, NULL, "sm_9999") == NULL;
  printf("%s", tcgen05_result_text(Bad));
  tcgen05_result_free(Ok);
  tcgen05_result_free(Bad);
  return Status ? 0 : 1;
}

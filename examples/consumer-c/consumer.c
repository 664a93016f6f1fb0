/* The C interface with options, from a C-only project. */
#include "tcgen05/Version.h"
#include "tcgen05/tcgen05-c.h"

#include <stdio.h>
#include <string.h>

static const char Kernel[] =
    ".version 9.0\n.target sm_100a\n.address_size 64\n"
    ".visible .entry k()\n{\n\t.reg .b32 %r<4>;\n"
    "\ttcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 100;\n\tret;\n}\n";

int main(void) {
  tcgen05_options Options;
  tcgen05_options_init(&Options);
  Options.name = "k.ptx";
  tcgen05_result *All = tcgen05_check(Kernel, strlen(Kernel), &Options);
  /* nCols 100 is no multiple of 32 (TC3123), an error whatever the flags. */
  Options.warning_flags = "-Wno-tcgen05-hazards";
  Options.target = "sm_103a";
  tcgen05_result *Some = tcgen05_check(Kernel, strlen(Kernel), &Options);
  Options.target = "sm_9999";
  /* Refused, with the command line's diagnostic: nothing was checked. */
  tcgen05_result *Bad = tcgen05_check(Kernel, strlen(Kernel), &Options);
  int Status =
      All && Some && Bad && tcgen05_result_refused(Bad) &&
      !tcgen05_result_refused(All) &&
      strstr(tcgen05_result_text(Bad), "unknown target 'sm_9999' [TC0005]") &&
      tcgen05_result_error_count(All) >= 1 &&
      strstr(tcgen05_result_json(All), "\"code\": \"TC3123\"") != NULL &&
      strstr(tcgen05_result_text(Some), "k.ptx:7:") != NULL;
  tcgen05_result *Desc =
      tcgen05_descriptor("encode-idesc", "m=128,n=256,dtype=f32", "f16", NULL);
  Status = Status && Desc && tcgen05_result_output(Desc) &&
           strstr(tcgen05_result_output(Desc), "0x08400010") != NULL;
  /* The library linked is the one the headers describe. */
  Status = Status && strcmp(tcgen05_version(), TCGEN05_VERSION_STRING) == 0;
  tcgen05_result_free(All);
  tcgen05_result_free(Some);
  tcgen05_result_free(Bad);
  tcgen05_result_free(Desc);
  printf("%s\n", Status ? "c-only consumer: ok" : "c-only consumer: FAILED");
  return Status ? 0 : 1;
}

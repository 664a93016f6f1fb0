//===- HugePages.cpp - Advise large arrays onto huge pages ----------------===//

#include "tcgen05/Basic/HugePages.h"

#include <cstdint>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

void tcgen05::adviseHugePages(const void *P, size_t Bytes) {
#ifdef MADV_HUGEPAGE
  auto Begin = reinterpret_cast<uintptr_t>(P);
  uintptr_t First = (Begin + HugePageSize - 1) & ~(HugePageSize - 1);
  uintptr_t Last = (Begin + Bytes) & ~(HugePageSize - 1);
  if (First < Last)
    ::madvise(reinterpret_cast<void *>(First), Last - First, MADV_HUGEPAGE);
#else
  (void)P;
  (void)Bytes;
#endif
}

//===- HugePages.cpp - Large allocations backed by huge pages -------------===//

#include "tcgen05/Basic/HugePages.h"

#include <cstdint>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

void tcgen05::adviseHugePages(void *P, size_t Size) {
#ifdef MADV_HUGEPAGE
  uintptr_t Begin = reinterpret_cast<uintptr_t>(P);
  uintptr_t B = (Begin + HugePageSize - 1) & ~uintptr_t(HugePageSize - 1);
  uintptr_t E = (Begin + Size) & ~uintptr_t(HugePageSize - 1);
  if (E > B)
    ::madvise(reinterpret_cast<void *>(B), E - B, MADV_HUGEPAGE);
#else
  (void)P;
  (void)Size;
#endif
}
